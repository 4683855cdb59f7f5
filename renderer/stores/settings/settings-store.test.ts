import { describe, expect, it } from 'vitest';
import { ConversationColumnsSetting } from '../../../shared/api/settings';
import type { ApiClient } from '../../api/client';
import { selectSetting } from './selectors';
import { createSettingsStore } from './store';

/** A client over an in-memory settings table that records its calls. */
function fakeClient(stored: Record<string, unknown> = {}, refuse = false) {
  const calls: string[] = [];
  const client: ApiClient = {
    async call(method, input) {
      const { key, value } = input as { key: string; value?: unknown };
      calls.push(`${method} ${key}`);
      if (method === 'settings.get') return { ok: true, value: { key, value: stored[key] ?? null } } as never;
      if (refuse) return { ok: false, error: { code: 'VALIDATION_FAILED', message: 'value.hidden.0: invalid' } };
      stored[key] = value;
      return { ok: true, value: { key, value } } as never;
    },
    on: () => () => undefined,
  };
  return { client, calls, stored };
}

describe('settings store', () => {
  it('reads a key from main once, even when asked twice at the same time', async () => {
    const { client, calls } = fakeClient({ 'conversations.columns': { hidden: ['prompt'] } });
    const store = createSettingsStore(() => client);
    const [first, second] = await Promise.all([
      store.getState().load('conversations.columns'),
      store.getState().load('conversations.columns'),
    ]);
    expect(first).toEqual({ hidden: ['prompt'] });
    expect(second).toEqual(first);
    expect(await store.getState().load('conversations.columns')).toEqual(first);
    expect(calls).toEqual(['settings.get conversations.columns']);
  });

  it('keeps a saved value at once and stores it in main', async () => {
    const { client, stored } = fakeClient();
    const store = createSettingsStore(() => client);
    const saving = store.getState().save('conversations.columns', { hidden: ['writer'] });
    expect(selectSetting(store.getState(), 'conversations.columns', ConversationColumnsSetting, { hidden: [] })).toEqual({
      hidden: ['writer'],
    });
    expect(await saving).toBe(true);
    expect(stored['conversations.columns']).toEqual({ hidden: ['writer'] });
  });

  it('reads a never-written or invalid value as the fallback, and an unloaded one as undefined', async () => {
    const { client } = fakeClient({ 'conversations.columns': { hidden: ['not-a-column'] } });
    const store = createSettingsStore(() => client);
    expect(selectSetting(store.getState(), 'conversations.columns', ConversationColumnsSetting, { hidden: [] })).toBeUndefined();
    await store.getState().load('conversations.columns');
    expect(selectSetting(store.getState(), 'conversations.columns', ConversationColumnsSetting, { hidden: [] })).toEqual({ hidden: [] });
  });

  it('says why a save was refused', async () => {
    const { client } = fakeClient({}, true);
    const store = createSettingsStore(() => client);
    expect(await store.getState().save('conversations.columns', { hidden: ['x'] })).toBe(false);
    expect(store.getState().error).toContain('value.hidden.0');
  });
});
