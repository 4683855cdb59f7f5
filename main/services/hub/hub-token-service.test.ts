import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../api/dispatch';
import { type HubServer, startHubServer } from '../../test-support/hub-server';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { pushFolder } from './hub-push';
import { forgetHubToken, hubTokenOf, hubTokenStatus, storeHubToken } from './hub-token-service';
import { EncryptedKeyFile, type KeyCipher, listKeys, storedKeys } from '../settings/secrets';

const TOKEN = 'hf_storedInSettings7Qx2';

/** Stands in for safeStorage: a reversible scramble, so the file never holds the token in clear. */
const cipher: KeyCipher = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from([...Buffer.from(text, 'utf8')].map((byte) => byte ^ 0x33)),
  decryptString: (data) => Buffer.from([...data].map((byte) => byte ^ 0x33)).toString('utf8'),
  getSelectedStorageBackend: () => 'gnome_libsecret',
};

/** Every file under a folder, read as bytes (the database, its WAL, exports, logs). */
function filesUnder(folder: string): Buffer[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

let hub: HubServer;
const saved = process.env.HF_TOKEN;
const contexts: AppContext[] = [];
const fresh = (options: { desktop?: boolean } = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-hub-token-'));
  const context = createAppContext({
    dataDir,
    mode: options.desktop ? 'desktop' : 'browser',
    ...(options.desktop ? { keys: new EncryptedKeyFile(dataDir, cipher) } : {}),
  });
  contexts.push(context);
  return context;
};

beforeAll(async () => {
  delete process.env.HF_TOKEN;
  hub = await startHubServer();
});

afterAll(async () => {
  if (saved === undefined) delete process.env.HF_TOKEN;
  else process.env.HF_TOKEN = saved;
  await hub.close();
  for (const context of contexts) await closeAppContext(context);
});

describe('the Hugging Face token from Settings', () => {
  it('in browser mode is kept in memory only, pushes with it, and is never written to the data folder', async () => {
    const context = fresh();
    expect(hubTokenStatus(context)).toEqual({ source: 'missing', storage: 'memory', warnings: [] });
    expect(storeHubToken(context, ` ${TOKEN} `)).toEqual({ source: 'stored', storage: 'memory', warnings: [] });
    expect(hubTokenOf(context)).toBe(TOKEN);

    const folder = mkdtempSync(join(tmpdir(), 'while-hub-token-folder-'));
    mkdirSync(join(folder, 'data'));
    writeFileSync(join(folder, 'data', 'train.jsonl'), '{"id":"a","prompt":"one"}\n');
    const pushed = await pushFolder(context, {
      folder,
      repo_id: 'ana/stored',
      visibility: 'private',
      endpoint: hub.url,
      run_id: null,
      format: null,
    });
    expect(hub.repos.get('ana/stored')!.commits.map((commit) => commit.oid)).toEqual([pushed.commit]);
    expect(hub.repos.get('ana/stored')!.visibility).toBe('private');

    for (const file of [...filesUnder(context.dataDir), ...filesUnder(folder)]) expect(file.includes(TOKEN)).toBe(false);
    // The renderer learns where the token comes from, never the token.
    const answer = await dispatch(context, 'settings.hubToken', {});
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
    expect(answer).toEqual({ ok: true, value: { source: 'stored', storage: 'memory', warnings: [] } });
    expect(forgetHubToken(context)).toMatchObject({ source: 'missing', deleted: true });
    expect(hubTokenOf(context)).toBeUndefined();
  });

  it('in the desktop app is encrypted in the key file, and is not listed or handed out as a model key', () => {
    const context = fresh({ desktop: true });
    expect(storeHubToken(context, TOKEN)).toEqual({ source: 'stored', storage: 'encrypted', warnings: [] });
    for (const file of filesUnder(context.dataDir)) expect(file.includes(TOKEN)).toBe(false);
    expect(hubTokenOf(context)).toBe(TOKEN);
    expect(listKeys(context.keys, {}).keys.map((key) => key.variable)).not.toContain('HF_TOKEN');
    expect(storedKeys(context.keys)).toEqual({});
  });

  it('gives way to HF_TOKEN from the environment, and says so', () => {
    const context = fresh();
    storeHubToken(context, TOKEN);
    process.env.HF_TOKEN = 'hf_fromTheEnvironment';
    try {
      expect(hubTokenOf(context)).toBe('hf_fromTheEnvironment');
      expect(hubTokenStatus(context)).toEqual({
        source: 'environment',
        storage: 'memory',
        warnings: ['HF_TOKEN is also set in the environment, which wins over the stored token.'],
      });
    } finally {
      delete process.env.HF_TOKEN;
    }
  });

  it('refuses a value that is not a Hugging Face token', async () => {
    const context = fresh();
    const answer = await dispatch(context, 'settings.setHubToken', { value: 'sk-not-a-hub-token' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('starts with hf_') } });
    expect(hubTokenStatus(context).source).toBe('missing');
  });
});

describe('app.chooseFolder', () => {
  it('answers with the desktop picker, and in browser mode says to type the path', async () => {
    expect(await dispatch(fresh(), 'app.chooseFolder', {})).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('type the folder') },
    });
    const desktop = createAppContext({
      dataDir: mkdtempSync(join(tmpdir(), 'while-hub-token-')),
      mode: 'desktop',
      chooseFolder: async (options) => `/home/ana/${options.title}`,
    });
    contexts.push(desktop);
    expect(await dispatch(desktop, 'app.chooseFolder', { title: 'exports' })).toEqual({ ok: true, value: { path: '/home/ana/exports' } });
  });
});
