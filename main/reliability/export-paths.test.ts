// Nothing an export writes, and nothing a push reads, leaves the folder the person chose: not through `..`, an
// absolute path, a name taken from the data (an environment's name), a symlinked folder, or a symlink standing where
// a file will be written. A file outside, and a folder outside, are watched through every attempt: never touched.
import fc from 'fast-check';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../shared/api/exports';
import { resolveOutputPath } from '../../engine/node/index';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { runExport } from '../services/exports/export-service';
import { reliabilitySettings } from './long-mode';
import { pushFolder } from '../services/hub/hub-push';
import { seedExportRun } from '../test-support/export-run';
import { startHubServer, type HubServer } from '../test-support/hub-server';
import { filesIn } from './export-folder';

const SECRET = 'outside-secret-7c1f: must never be read, written or pushed';

let root: string;
let outside: string;
let context: AppContext;
let runId: string;
let hub: HubServer;
let outsideBefore: Map<string, Buffer>;

/** A fresh chosen folder under the test's root. */
let folders = 0;
const chosen = (): string => {
  const folder = join(root, `chosen-${(folders += 1)}`);
  mkdirSync(folder, { recursive: true });
  return folder;
};

const isInside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'while-export-paths-')));
  outside = join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'victim.jsonl'), `${JSON.stringify({ note: SECRET })}\n`);
  writeFileSync(join(outside, 'card.md'), `---\npretty_name: stolen\n---\n${SECRET}\n`);
  outsideBefore = filesIn(outside);
  context = createAppContext({ dataDir: join(root, 'data'), mode: 'cli' });
  runId = (await seedExportRun(context, { budget: 24 })).run_id;
  hub = await startHubServer();
}, 60_000);

afterAll(async () => {
  await closeAppContext(context);
  await hub?.close();
});

/** The outside folder holds exactly what it held, byte for byte. */
function expectOutsideUntouched(): void {
  expect([...filesIn(outside)]).toEqual([...outsideBefore]);
}

describe('export paths', () => {
  it('resolveOutputPath gives a path inside the chosen folder for any name, or refuses it', async () => {
    const folder = chosen();
    symlinkSync(outside, join(folder, 'link'));
    symlinkSync(join(outside, 'victim.jsonl'), join(folder, 'victim.jsonl'));
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'data', 'link', 'victim.jsonl', 'train.jsonl', '~', 'a..b', '...', ' ', '\\..\\', 'C:', '%2e%2e'),
      fc.constant(outside),
      fc.string({ maxLength: 6 }).filter((text) => !text.includes('\u0000')),
    );
    const name = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/')),
      fc.constant(`${outside}/x.jsonl`),
      fc.constant('/etc/passwd'),
    );
    const tally = { inside: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(name, async (file) => {
        let target: string | undefined;
        try {
          target = await resolveOutputPath(folder, file);
        } catch {
          tally.refused += 1;
          return;
        }
        tally.inside += 1;
        // Inside by name, and inside for real: the real path of its parent folder is the chosen folder or under it.
        expect(isInside(folder, target), `${file} -> ${target}`).toBe(true);
        const parent = realpathSync(join(target, '..'));
        expect(parent === folder || isInside(folder, parent), `${file}: parent ${parent}`).toBe(true);
        expect(lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() ?? false, `${file} is a symlink`).toBe(false);
      }),
      { numRuns: 300, ...reliabilitySettings().fuzz },
    );
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.inside).toBeGreaterThan(0);
    expectOutsideUntouched();
  });

  it('an export never writes through a symlinked data folder or over a symlink standing where a file goes', async () => {
    const throughFolder = chosen();
    symlinkSync(outside, join(throughFolder, 'data'));
    await expect(
      runExport(context, ExportRequest.parse({ selection: { run_id: runId }, destination: { kind: 'folder', folder: throughFolder } })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    // Where the split file will go, a symlink to a file outside: it is refused, not followed and not replaced.
    const reference = chosen();
    await runExport(context, ExportRequest.parse({ selection: { run_id: runId }, destination: { kind: 'folder', folder: reference } }));
    const written = [...filesIn(reference).keys()];
    const split = written.find((path) => path.startsWith('data/'))!;
    expect(split).toBeDefined();
    const overFile = chosen();
    mkdirSync(join(overFile, 'data'));
    symlinkSync(join(outside, 'victim.jsonl'), join(overFile, split));
    await expect(
      runExport(context, ExportRequest.parse({ selection: { run_id: runId }, destination: { kind: 'folder', folder: overFile } })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(lstatSync(join(overFile, split)).isSymbolicLink()).toBe(true);
    expectOutsideUntouched();
  });

  it("an environment's files stay in its folder whatever its name says (`..`, absolute, separators)", async () => {
    let written = 0;
    for (const name of ['../../escaped', '/tmp/escaped', '..', 'a/b/../../..', '..\\..\\escaped', '', '.', 'import']) {
      const folder = chosen();
      const before = readdirSync(root).sort();
      try {
        await runExport(
          context,
          ExportRequest.parse({ selection: { run_id: runId }, destination: { kind: 'environment', folder, ...(name ? { name } : {}) } }),
        );
        written += 1;
      } catch (error) {
        // Refusing is fine (a small run may be refused for its tasks); writing outside is not.
        expect((error as { code?: string }).code, `${name}: ${String(error)}`).toBe('VALIDATION_FAILED');
      }
      for (const path of filesIn(folder).keys()) expect(path.split('/'), `${name}: ${path}`).not.toContain('..');
      expect(readdirSync(root).sort(), `${name}: a new entry beside the chosen folder`).toEqual(before);
    }
    expect(written, 'no environment was written at all: the names were never put to the test').toBeGreaterThan(0);
    expectOutsideUntouched();
  });

  const push = (folder: string, repo: string) =>
    pushFolder(context, {
      folder,
      repo_id: `ana/${repo}`,
      visibility: 'private',
      endpoint: hub.url,
      token: 'hf_exportpathstest',
      run_id: null,
      format: null,
    });
  /** A dataset folder as an export writes it, with this card. */
  const withCard = (card: string) => {
    const folder = chosen();
    mkdirSync(join(folder, 'data'));
    writeFileSync(join(folder, 'data', 'train.jsonl'), `${JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] })}\n`);
    writeFileSync(join(folder, 'README.md'), card);
    return folder;
  };
  const pushedWithSecret = () =>
    [...hub.repos.values()]
      .flatMap((repo) =>
        [...repo.snapshots.values()].flatMap((tree) => [...tree.entries()].map(([path, bytes]) => ({ repo: repo.id, path, bytes }))),
      )
      .filter((file) => file.bytes.includes(SECRET))
      .map((file) => `${file.repo}/${file.path}`);

  it('a push reads only split files inside the chosen folder: no `..`, absolute or symlinked path', async () => {
    const configs = (path: string) =>
      `---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: ${path}\n---\nA card.\n`;
    const refusals: string[] = [];
    for (const [repo, folder] of [
      ['dotdot', withCard(configs('../outside/victim.jsonl'))],
      ['absolute', withCard(configs(join(outside, 'victim.jsonl')))],
      ['dotdot-inside', withCard(configs('data/../../outside/victim.jsonl'))],
    ] as const) {
      await expect(push(folder, repo), repo).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      refusals.push(repo);
    }
    const linkedSplit = withCard(configs('data/linked.jsonl'));
    symlinkSync(join(outside, 'victim.jsonl'), join(linkedSplit, 'data', 'linked.jsonl'));
    await expect(push(linkedSplit, 'linked-split')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const linkedData = chosen();
    symlinkSync(outside, join(linkedData, 'data'));
    await expect(push(linkedData, 'linked-data')).rejects.toMatchObject({ code: expect.stringMatching(/VALIDATION_FAILED|NOT_FOUND/) });

    expect(pushedWithSecret()).toEqual([]);
    expect(readFileSync(join(outside, 'victim.jsonl'), 'utf8')).toContain(SECRET);
    expectOutsideUntouched();
  });

  it('a push never uploads a README.md that is a symlink to a file outside the folder', async () => {
    const linkedCard = withCard('');
    const cardPath = join(linkedCard, 'README.md');
    rmSync(cardPath);
    symlinkSync(join(outside, 'card.md'), cardPath);
    await expect(push(linkedCard, 'linked-card')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('README.md leaves'),
    });
    expect(pushedWithSecret()).toEqual([]);
  });
});
