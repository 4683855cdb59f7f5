import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HubServer, startHubServer } from '../../test-support/hub-server';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { hubTimeouts } from './hub-fetch';
import { pushFolder, type PushOptions } from './hub-push';

let context: AppContext;
let hub: HubServer;
let landBeforeCommit: string | null = null;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-push-fail-')), mode: 'cli' });
  hub = await startHubServer({
    beforeCommit: (repoId) => {
      if (repoId === landBeforeCommit) hub.landCommit(repoId, { 'notes.md': 'another writer' });
    },
  });
});

afterAll(async () => {
  await hub.close();
  await closeAppContext(context);
});

afterEach(() => {
  landBeforeCommit = null;
  hubTimeouts.answer_ms = 30_000;
});

/** A folder with these split files (empty text: an empty split). */
function folderWith(splits: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'while-push-fail-folder-'));
  mkdirSync(join(folder, 'data'));
  for (const [split, text] of Object.entries(splits)) writeFileSync(join(folder, 'data', `${split}.jsonl`), text);
  return folder;
}

const push = (overrides: Partial<PushOptions> & Pick<PushOptions, 'folder' | 'repo_id'>) =>
  pushFolder(context, { visibility: 'private', endpoint: hub.url, token: 'hf_localtesttoken', run_id: null, format: null, ...overrides });

describe('a push that cannot finish', () => {
  it('is refused when another commit lands between reading the repository and committing (parentCommit)', async () => {
    const folder = folderWith({ train: '{"id":"a"}\n' });
    await push({ folder, repo_id: 'ana/race' });
    landBeforeCommit = 'ana/race';
    await expect(push({ folder, repo_id: 'ana/race' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('ana/race changed while this push was under way'),
    });
    expect(hub.repos.get('ana/race')!.commits.map((commit) => commit.summary)).toEqual([expect.stringMatching(/^whileai: push/), 'landed']);
  });

  it('gives up on an address that takes the connection and never answers, saying so', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    hubTimeouts.answer_ms = 300;
    const started = Date.now();
    const folder = folderWith({ train: '{"id":"a"}\n' });
    await expect(push({ folder, repo_id: 'ana/silent', endpoint: url })).rejects.toMatchObject({
      code: 'MODEL_ERROR',
      message:
        `The Hugging Face Hub at ${url} did not answer within 0.3 s (it took the connection, then sent nothing back): check the Hub ` +
        `address (HF_ENDPOINT) and the network. The push did not finish; the files stay in ${folder}.`,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('names HF_TOKEN when the Hub refuses the token', async () => {
    const folder = folderWith({ train: '{"id":"a"}\n' });
    await expect(push({ folder, repo_id: 'ana/denied', token: 'hf_not-a-valid-token' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /^The Hugging Face Hub refused the token \(401 Unauthorized\): HF_TOKEN .* Set HF_TOKEN to a write token/,
      ),
    });
  });

  it('leaves an empty split file out, and pushes nothing when every split is empty', async () => {
    const folder = folderWith({ train: '{"id":"a"}\n', holdout: '' });
    const result = await push({ folder, repo_id: 'ana/partly-empty' });
    expect(result.files.sort()).toEqual(['README.md', 'data/train.jsonl', 'whileai.json']);
    await expect(push({ folder: folderWith({ train: '', holdout: '' }), repo_id: 'ana/all-empty' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('is empty: nothing was pushed'),
    });
    expect(hub.repos.has('ana/all-empty')).toBe(false);
  });
});

describe('a push into an existing public repository', () => {
  it('says the repository is public before anything is uploaded, and keeps its visibility', async () => {
    const folder = folderWith({ train: '{"id":"a"}\n' });
    await push({ folder, repo_id: 'ana/open', visibility: 'public' });
    const commitsBefore = hub.repos.get('ana/open')!.commits.length;
    const heard: { warning: string; commits: number }[] = [];
    const result = await push({
      folder,
      repo_id: 'ana/open',
      onWarning: (warning) => heard.push({ warning, commits: hub.repos.get('ana/open')!.commits.length }),
    });
    expect(heard).toEqual([
      {
        warning:
          'ana/open is a public repository: anyone can find, read and download what this push adds. Its visibility is left as it is.',
        commits: commitsBefore,
      },
    ]);
    expect(result.visibility).toBe('public');
  });
});
