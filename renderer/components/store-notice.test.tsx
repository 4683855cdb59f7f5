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

  it('offers it for rows without prepared lines alone, with how many and what it makes faster', () => {
    const offer = { page_bytes: 8192, free_share: 0, rewrites_pages: false, unprepared_rows: { count: 257_813, is_estimate: true } };
    useAppStore.setState({ info: { ...info, store_optimize: offer }, status: 'ready' });
    render(<StoreNotice />);
    const notice = screen.getByRole('region', { name: 'Store notice' });
    expect(notice.textContent).toContain(
      'About 257,813 rows of this run store have no prepared export line: SFT and TRL exports build those lines from the whole ' +
        'conversation each time, slower than reading prepared ones. To prepare them (every run stays), close While Studio and run',
    );
    expect(notice.textContent).not.toContain('KiB');
  });

  it('names both when the pages and the lines call for it', () => {
    const offer = { page_bytes: 4096, free_share: 0, rewrites_pages: true, unprepared_rows: { count: 1_200, is_estimate: false } };
    useAppStore.setState({ info: { ...info, store_optimize: offer }, status: 'ready' });
    render(<StoreNotice />);
    expect(screen.getByRole('region', { name: 'Store notice' }).textContent).toContain(
      'This run store has 4 KiB pages and 1,200 rows without a prepared export line: exports read it slower than a new one. ' +
        'To rewrite it and prepare those lines (every run stays), close While Studio',
    );
  });

  it('says nothing for a store with nothing to gain', () => {
    useAppStore.setState({ info, status: 'ready' });
    render(<StoreNotice />);
    expect(screen.queryByRole('region', { name: 'Store notice' })).toBeNull();
  });
});
