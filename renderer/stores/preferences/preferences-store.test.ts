import { describe, expect, it } from 'vitest';
import type { KeysOutput } from '../../../shared/api/models';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { describeKeySource, describeKeyVariable } from './selectors';
import { createPreferencesStore } from './store';

function harness(canStore: boolean) {
  let name: string | null = null;
  const stored = new Set<string>();
  let hubToken = false;
  const keys = (): KeysOutput => ({
    keys: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'].map((variable) => ({
      variable,
      source: stored.has(variable) ? 'stored' : variable === 'OPENAI_API_KEY' ? 'environment' : 'missing',
    })),
    warnings: [],
    can_store: canStore,
  });
  const client = fakeClient({
    'labels.annotator.get': () => ok({ name }),
    'labels.annotator.set': (input) => {
      name = input.name ?? null;
      return ok({ name });
    },
    'models.keys': () => ok(keys()),
    'models.setKey': (input) => {
      if (!canStore)
        return {
          ok: false,
          error: {
            code: 'CONFLICT',
            message: `Keys can be stored only in the desktop app; here, set ${input.variable} in the environment before starting.`,
          },
        };
      stored.add(input.variable);
      return ok({ key: { variable: input.variable, source: 'stored' as const }, warnings: [] });
    },
    'models.deleteKey': (input) => ok({ deleted: stored.delete(input.variable) }),
    'settings.hubToken': () =>
      ok({ source: hubToken ? ('stored' as const) : ('missing' as const), storage: 'memory' as const, warnings: [] }),
    'settings.setHubToken': () => {
      hubToken = true;
      return ok({ source: 'stored' as const, storage: 'memory' as const, warnings: [] });
    },
    'settings.deleteHubToken': () => {
      const deleted = hubToken;
      hubToken = false;
      return ok({ source: 'missing' as const, storage: 'memory' as const, warnings: [], deleted });
    },
  });
  return { store: createPreferencesStore(() => client), client };
}

describe('preferences store', () => {
  it('reads the three sections and signs labels with the name given', async () => {
    const { store } = harness(true);
    await store.getState().load();
    expect(store.getState().annotator).toMatchObject({ status: 'ready', value: { name: null } });
    expect(store.getState().keys.value?.keys).toContainEqual({ variable: 'OPENAI_API_KEY', source: 'environment' });
    expect(store.getState().hubToken.value?.source).toBe('missing');
    expect(await store.getState().saveAnnotator('  Ana  ')).toBe(true);
    expect(store.getState().annotator).toMatchObject({
      value: { name: 'Ana' },
      notes: ['Labels you give are signed Ana.'],
      isSaving: false,
    });
    expect(await store.getState().saveAnnotator('')).toBe(true);
    expect(store.getState().annotator.value).toEqual({ name: null });
  });

  it('stores and deletes a key in the desktop app, reading the sources back from main', async () => {
    const { store, client } = harness(true);
    await store.getState().load();
    expect(await store.getState().setKey('ANTHROPIC_API_KEY', 'sk-ant-1')).toBe(true);
    expect(store.getState().keys.value?.keys).toContainEqual({ variable: 'ANTHROPIC_API_KEY', source: 'stored' });
    expect(store.getState().keys.notes).toEqual(['ANTHROPIC_API_KEY stored.']);
    expect(await store.getState().deleteKey('ANTHROPIC_API_KEY')).toBe(true);
    expect(store.getState().keys.value?.keys).toContainEqual({ variable: 'ANTHROPIC_API_KEY', source: 'missing' });
    expect(client.callsOf('models.keys')).toHaveLength(3);
  });

  it('says why a key cannot be stored in browser mode', async () => {
    const { store } = harness(false);
    await store.getState().load();
    expect(await store.getState().setKey('OPENAI_API_KEY', 'sk-1')).toBe(false);
    expect(store.getState().keys.error).toContain('only in the desktop app');
  });

  it('keeps and forgets the Hub token', async () => {
    const { store } = harness(false);
    await store.getState().load();
    await store.getState().setHubToken('hf_abc');
    expect(store.getState().hubToken.value?.source).toBe('stored');
    await store.getState().deleteHubToken();
    expect(store.getState().hubToken).toMatchObject({ value: { source: 'missing' }, notes: ['Token deleted.'] });
  });

  it('names sources and key variables in words', () => {
    expect(describeKeySource('environment')).toBe('From the environment');
    expect(describeKeyVariable('WAI_KEY_GPU_LAN_8000')).toBe('The compatible server at gpu.lan:8000');
  });
});
