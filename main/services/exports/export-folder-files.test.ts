import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportDestination, FolderFilesInput } from '../../../shared/api/exports';
import { exportFolderFiles } from './export-folder-files';

const temp = () => mkdtempSync(join(tmpdir(), 'while-folder-files-'));
const files = (folder: string, kind?: 'dataset' | 'environment', name?: string) =>
  exportFolderFiles(FolderFilesInput.parse({ folder, ...(kind ? { kind } : {}), ...(name ? { name } : {}) }));

function write(folder: string, relative: string): void {
  const path = join(folder, ...relative.split('/'));
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x\n');
}

describe('exports.folderFiles', () => {
  it('lists the export files on disk in the order an export writes them, whoever put them there', async () => {
    const folder = temp();
    expect(await files(folder)).toEqual({ folder, exists: true, files: [] });
    for (const file of ['README.md', 'data/eval.jsonl', 'data/train.jsonl', 'whileai.json', 'notes.txt', 'data/other.jsonl'])
      write(folder, file);
    expect((await files(folder)).files).toEqual(['data/train.jsonl', 'data/eval.jsonl', 'README.md', 'whileai.json']);
    // Emptied by hand: nothing is left to replace.
    rmSync(join(folder, 'data'), { recursive: true });
    rmSync(join(folder, 'README.md'));
    expect((await files(`${folder}/`)).files).toEqual(['whileai.json']);
  });

  it('holds nothing when the folder does not exist yet, and refuses a file as the folder', async () => {
    const parent = temp();
    expect(await files(join(parent, 'not-yet'))).toEqual({ folder: join(parent, 'not-yet'), exists: false, files: [] });
    write(parent, 'train.jsonl');
    await expect(files(join(parent, 'train.jsonl'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `${join(parent, 'train.jsonl')} is a file, not a folder: choose a folder for the export.`,
    });
    await expect(files(join(parent, 'train.jsonl', 'inside'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('part of its path is a file'),
    });
  });

  it('looks for an environment package under the module the export would name', async () => {
    const folder = join(temp(), 'Refund Env');
    for (const file of ['pyproject.toml', 'refund_env/spec.json', 'refund_env/data/train.jsonl', 'data/train.jsonl']) write(folder, file);
    expect((await files(folder, 'environment')).files).toEqual(['pyproject.toml', 'refund_env/spec.json', 'refund_env/data/train.jsonl']);
    expect((await files(folder, 'environment', 'other')).files).toEqual(['pyproject.toml']);
    expect((await files(folder)).files).toEqual(['data/train.jsonl']);
  });

  it('refuses a relative folder, in the contract and in the service, instead of writing under the server’s working directory', async () => {
    const message =
      '“relative/out” is a relative path: type the full path of the export folder, starting with / (e.g. /home/ana/exports), or it ' +
      'would land wherever the server was started.';
    await expect(exportFolderFiles({ folder: 'relative/out', kind: 'dataset' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
    });
    expect(FolderFilesInput.safeParse({ folder: 'relative/out' }).error?.issues).toMatchObject([{ path: ['folder'], message }]);
    for (const destination of [
      { kind: 'folder', folder: './out' },
      { kind: 'environment', folder: 'env' },
      { kind: 'hub', repo_id: 'ana/x', folder: 'copy' },
    ]) {
      expect(ExportDestination.safeParse(destination).error?.issues[0]).toMatchObject({
        path: ['folder'],
        message: expect.stringContaining('is a relative path'),
      });
    }
    for (const folder of ['/home/ana/out', 'C:\\Users\\ana\\out', 'D:/out', '\\\\server\\share\\out'])
      expect(ExportDestination.safeParse({ kind: 'folder', folder }).success).toBe(true);
  });

  it.runIf(process.platform === 'linux')('refuses a folder that could not be created under /proc', async () => {
    await expect(files('/proc/nope/x')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '/proc/nope/x cannot be created: /proc is a system folder (not on a disk). Choose a folder on a disk.',
    });
  });
});
