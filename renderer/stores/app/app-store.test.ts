import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { selectModeLabel } from './selectors';
import { createAppStore } from './store';

describe('app store', () => {
  it('loads the app info and names the mode', async () => {
    const info = { mode: 'browser', version: '0.1.0', data_dir: '/data', database_path: '/data/x.sqlite', schema_version: 1 } as const;
    const client: ApiClient = { call: async () => ({ ok: true, value: info }) as never, on: () => () => undefined };
    const store = createAppStore(() => client);
    await store.getState().loadInfo();
    expect(store.getState().info).toEqual(info);
    expect(selectModeLabel(store.getState())).toBe('Browser mode');
  });
});
