import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderBytes } from './folder-bytes';
import { writeRaw } from './raw-write';
import { SCALE_RUN_ID } from './scale-store';

const WAI = fileURLToPath(new URL('../../dist/cli/wai.mjs', import.meta.url));

/** An export of the whole run into train, as a person runs it with the compiled `wai`, against raw writes of its bytes. */
export interface ExportMeasure {
  format: string;
  seconds: number;
  /** Every byte the export wrote: data/train.jsonl, data/train.meta.jsonl and the card. */
  bytes: number;
  /** data/train.jsonl's bytes alone (the reference of the figures before issue 25's correction). */
  train_bytes: number;
  /** The export process's peak resident memory (Linux's VmHWM), in bytes; null where /proc is not there. */
  peak_bytes: number | null;
  /** Every byte the export wrote (`bytes`), written from one buffer and synced, right after, in this process. */
  raw_seconds: number;
}

/** The highest resident memory /proc has seen for `pid` (it only grows), or null. */
function peakOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m);
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * `wai export` of every row of the scale run to train, timed from the process's start to its end, against a raw write
 * of every byte it wrote (not of train.jsonl's alone: the metadata file beside it is a third of them). The generated rows
 * call two tools their spec does not offer (a quarter of them): the format's gate would refuse the file, so it is
 * written anyway (--no-validate). Since migration 018 those rows have prepared lines too, which keep the gate's
 * problems (a store built before gets them from `wai store optimize`).
 */
export async function measureExport(dataDir: string, format: 'openai' | 'trl'): Promise<ExportMeasure> {
  const out = join(dataDir, `export-${format}`);
  rmSync(out, { recursive: true, force: true });
  const args = [WAI, '--data-dir', dataDir, 'export', SCALE_RUN_ID, '--format', format, '--out', out];
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--select', 'all', '--splits', 'train', '--holdout', '0', '--no-validate'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peak: number | null = null;
  const sampler = setInterval(() => (peak = peakOf(child.pid!) ?? peak), 20);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`wai export --format ${format} failed (${code}):\n${output}`);
  const bytes = folderBytes(out);
  const train_bytes = statSync(join(out, 'data', 'train.jsonl')).size;
  rmSync(out, { recursive: true, force: true });
  const rawFile = join(dataDir, 'raw.bin');
  const raw_seconds = await writeRaw(rawFile, bytes);
  rmSync(rawFile, { force: true });
  return { format, seconds, bytes, train_bytes, peak_bytes: peak, raw_seconds };
}
