import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../api/dispatch';
import { setSetting } from '../../store/settings-repository';
import { closeAppContext, createAppContext } from '../app/app-context';

describe('settings service', () => {
  it("keeps column choices and a run's filters across a restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-settings-'));
    const first = createAppContext({ dataDir, mode: 'browser' });
    const query = { filters: { stance: ['hurried'] }, search: 'refund', sort: { column: 'tool', direction: 'desc' } };
    expect(await dispatch(first, 'settings.set', { key: 'conversations.columns', value: { hidden: ['prompt', 'writer'] } })).toMatchObject({
      ok: true,
    });
    expect(await dispatch(first, 'settings.set', { key: 'conversations.filters.run_a', value: query })).toMatchObject({ ok: true });
    await closeAppContext(first);

    const second = createAppContext({ dataDir, mode: 'browser' });
    expect(await dispatch(second, 'settings.get', { key: 'conversations.columns' })).toEqual({
      ok: true,
      value: { key: 'conversations.columns', value: { hidden: ['prompt', 'writer'] } },
    });
    expect(await dispatch(second, 'settings.get', { key: 'conversations.filters.run_a' })).toEqual({
      ok: true,
      value: { key: 'conversations.filters.run_a', value: query },
    });
    expect(await dispatch(second, 'settings.get', { key: 'conversations.filters.run_b' })).toEqual({
      ok: true,
      value: { key: 'conversations.filters.run_b', value: null },
    });
    await closeAppContext(second);
  });

  it("refuses a known key's value that does not fit, naming the field", async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-settings-')), mode: 'browser' });
    const result = await dispatch(context, 'settings.set', { key: 'conversations.columns', value: { hidden: ['colour'] } });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    if (!result.ok) expect(result.error.issues?.[0]?.path).toBe('value.hidden.0');
    const filters = await dispatch(context, 'settings.set', {
      key: 'conversations.filters.run_a',
      value: { filters: { stance: 'hurried' } },
    });
    expect(filters).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    await closeAppContext(context);
  });

  it("stores any JSON under an unknown key, and reads a known key's outdated value as never written", async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-settings-')), mode: 'browser' });
    expect(await dispatch(context, 'settings.set', { key: 'labeling.author', value: 'ana' })).toMatchObject({
      ok: true,
      value: { value: 'ana' },
    });
    expect(await dispatch(context, 'settings.get', { key: 'labeling.author' })).toMatchObject({ ok: true, value: { value: 'ana' } });
    setSetting(context.db, 'conversations.columns', { visible: ['tool'] });
    expect(await dispatch(context, 'settings.get', { key: 'conversations.columns' })).toMatchObject({ ok: true, value: { value: null } });
    expect(await dispatch(context, 'settings.get', { key: 'Not A Key' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    await closeAppContext(context);
  });
});
