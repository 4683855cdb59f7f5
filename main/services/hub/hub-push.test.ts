import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../../shared/api/exports';
import type { Manifest } from '../../../engine/index';
import { seedExportRun, type SeededRun } from '../../test-support/export-run';
import { type HubServer, startHubServer } from '../../test-support/hub-server';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { listExports, runExport } from '../exports/export-service';
import { pushFolder } from './hub-push';

const TOKEN = 'hf_localtesttoken';
let context: AppContext;
let seeded: SeededRun;
let hub: HubServer;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-push-')), mode: 'cli' });
  seeded = await seedExportRun(context);
  hub = await startHubServer();
  process.env.HF_TOKEN = TOKEN;
});

afterAll(async () => {
  delete process.env.HF_TOKEN;
  await hub.close();
  await closeAppContext(context);
});

const front = (card: string) =>
  parse(/^---\n([\s\S]*?)\n---/.exec(card)![1]!) as { configs: { data_files: { split: string; path: string }[] }[] };

describe('hub push', () => {
  it('creates a private repo, commits once with the delta, and stores the commit id', async () => {
    const outcome = await runExport(
      context,
      ExportRequest.parse({
        selection: { run_id: seeded.run_id },
        format: 'openai',
        destination: { kind: 'hub', repo_id: 'ana/refunds', endpoint: hub.url },
      }),
    );
    const push = outcome.push!;
    const repo = hub.repos.get('ana/refunds')!;
    expect(repo.visibility).toBe('private');
    expect(repo.commits).toHaveLength(1);
    const [commit] = repo.commits;
    expect(push).toMatchObject({ repo_id: 'ana/refunds', commit: commit!.oid, created: true, visibility: 'private' });
    const train = outcome.preview.splits.find((split) => split.split === 'train')!;
    expect(commit!.summary).toContain(`train +${train.lines} -0`);
    expect(commit!.description).toContain(`train: ${train.lines} rows (+${train.lines} -0)`);
    expect(commit!.files.sort()).toEqual([
      'README.md',
      'data/holdout.jsonl',
      'data/holdout.meta.jsonl',
      'data/train.jsonl',
      'data/train.meta.jsonl',
      'whileai.json',
    ]);
    // A new repository's first commit names no parent; the manifest's keys came from the metadata beside the lines.
    expect(commit!.parent).toBeNull();
    expect(JSON.parse(hub.file('ana/refunds', 'whileai.json')!).splits.train.keys).toHaveLength(train.lines);
    expect(hub.requests).toContain('POST /datasets/ana/refunds.git/info/lfs/objects/batch');
    expect(hub.file('ana/refunds', 'data/train.jsonl')!.trimEnd().split('\n')).toHaveLength(train.lines);
    const card = hub.file('ana/refunds', 'README.md')!;
    expect(front(card).configs[0]!.data_files).toEqual([
      { split: 'train', path: 'data/train.jsonl' },
      { split: 'holdout', path: 'data/holdout.jsonl' },
    ]);
    expect(card).toContain('load_dataset("ana/refunds", split="train")');
    expect(listExports(context, { limit: 10 }).find((record) => record.destination === 'hub')).toMatchObject({
      location: 'ana/refunds',
      commit: commit!.oid,
    });
  });

  it('a second push reports rows added and removed per split and pins the first in the history', async () => {
    const first = hub.repos.get('ana/refunds')!.commits[0]!;
    const outcome = await runExport(
      context,
      ExportRequest.parse({
        selection: { run_id: seeded.run_id, passes_only: true },
        format: 'openai',
        splits: ['train', 'holdout', 'eval'],
        fractions: { holdout: 0.2, eval: 0.3 },
        destination: { kind: 'hub', repo_id: 'ana/refunds', endpoint: hub.url, visibility: 'public' },
      }),
    );
    const repo = hub.repos.get('ana/refunds')!;
    expect(repo.commits).toHaveLength(2);
    expect(repo.visibility).toBe('private');
    expect(outcome.push!.visibility).toBe('private');
    // Built on the commit it read: a push that landed meanwhile would have refused it.
    expect(repo.commits[1]!.parent).toBe(first.oid);
    const delta = outcome.push!.delta;
    expect(delta.train!.removed).toBeGreaterThan(0);
    expect(repo.commits[1]!.description).toMatch(/train: \d+ rows \(\+\d+ -[1-9]\d*\)/);
    const manifest = JSON.parse(hub.file('ana/refunds', 'whileai.json')!) as Manifest;
    expect(manifest.history).toHaveLength(2);
    expect(manifest.history[0]!.commit).toBe(first.oid);
    expect(Object.keys(manifest.splits).sort()).toEqual(['eval', 'holdout', 'train']);
    expect(front(hub.file('ana/refunds', 'README.md')!).configs[0]!.data_files.map((file) => file.split)).toEqual([
      'train',
      'holdout',
      'eval',
    ]);
    // The first push is still loadable at its own revision.
    expect(hub.file('ana/refunds', 'data/train.jsonl', first.oid)).not.toBe(hub.file('ana/refunds', 'data/train.jsonl'));
  });

  it('pushes a plain folder of split files, writing a card for it, and can make the repo public', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-push-folder-'));
    mkdirSync(join(folder, 'data'));
    writeFileSync(join(folder, 'data', 'train.jsonl'), '{"id":"a","prompt":"one"}\n{"id":"b","prompt":"two"}\n');
    const result = await pushFolder(context, {
      folder,
      repo_id: 'ana/plain',
      visibility: 'public',
      endpoint: hub.url,
      run_id: null,
      format: null,
    });
    expect(hub.repos.get('ana/plain')!.visibility).toBe('public');
    expect(result.delta).toEqual({ train: { added: 2, removed: 0, n_rows: 2 } });
    expect(front(hub.file('ana/plain', 'README.md')!).configs[0]!.data_files).toEqual([{ split: 'train', path: 'data/train.jsonl' }]);
  });

  it('refuses without a token, with a bad repo id, and a folder path leaving the folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-push-bad-'));
    writeFileSync(
      join(folder, 'README.md'),
      '---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: ../secret.jsonl\n---\n',
    );
    const push = (overrides: Partial<Parameters<typeof pushFolder>[1]>) =>
      pushFolder(context, {
        folder,
        repo_id: 'ana/bad',
        visibility: 'private',
        endpoint: hub.url,
        run_id: null,
        format: null,
        ...overrides,
      });
    await expect(push({ token: 'nope' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('hf_') });
    await expect(push({ repo_id: 'no-slash' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('owner/name'),
    });
    await expect(push({})).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('outside') });
    expect(hub.repos.has('ana/bad')).toBe(false);
  });

  it('names the address and the cause when the Hub cannot be reached', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-push-offline-'));
    mkdirSync(join(folder, 'data'));
    writeFileSync(join(folder, 'data', 'train.jsonl'), '{"messages":[]}\n');
    // A server that was listening and is now closed: its port refuses connections.
    const gone = await startHubServer();
    await gone.close();
    const push = pushFolder(context, {
      folder,
      repo_id: 'ana/offline',
      visibility: 'private',
      endpoint: gone.url,
      run_id: null,
      format: null,
    });
    await expect(push).rejects.toMatchObject({
      code: 'MODEL_ERROR',
      message:
        `Could not reach the Hugging Face Hub at ${gone.url} (ECONNREFUSED): check the network and the Hub address ` +
        `(HF_ENDPOINT). The push did not finish; the files stay in ${folder}.`,
    });
  });
});
