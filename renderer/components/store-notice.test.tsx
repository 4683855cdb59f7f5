// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/api';
import { initialAppState } from '../stores/app/initial-state';
import { useAppStore } from '../stores/app/store';
import { StoreNotice } from './store-notice';

const info: AppInfo = {
  mode: 'browser',
  version: '0.1.0',
  data_dir: '/home/ada/.config/While Studio/while-studio',
  database_path: '/home/ada/.config/While Studio/while-studio/while-studio.sqlite',
  schema_version: 15,
  store_optimize: null,
};

afterEach(() => {
  cleanup();
  useAppStore.setState(initialAppState);
});

describe('the store notice', () => {
  it('offers wai store optimize for an old store, with the command for its folder, until dismissed', async () => {
    useAppStore.setState({ info: { ...info, store_optimize: { page_bytes: 4096, free_share: 0.02 } }, status: 'ready' });
    render(<StoreNotice />);
    const notice = screen.getByRole('region', { name: 'Store notice' });
    expect(notice.textContent).toContain('This run store has 4 KiB pages, 2% of them free');
    expect(notice.querySelector('code')?.textContent).toBe('wai --data-dir "/home/ada/.config/While Studio/while-studio" store optimize');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Store notice' })).toBeNull();
  });

  it('says nothing for a store with nothing to gain', () => {
    useAppStore.setState({ info, status: 'ready' });
    render(<StoreNotice />);
    expect(screen.queryByRole('region', { name: 'Store notice' })).toBeNull();
  });
});
