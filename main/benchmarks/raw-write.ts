import { open } from 'node:fs/promises';

/**
 * Writes `bytes` bytes from one 64 KiB buffer to `file` and syncs them: the floor an export's writing cannot beat, the
 * reference of the main/ export benches' ratios (engine/benchmarks/export-measure.ts keeps the engine bench's own).
 */
export async function writeRaw(file: string, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(1 << 16, 'x');
  const started = performance.now();
  const handle = await open(file, 'w');
  for (let remaining = bytes; remaining > 0; remaining -= chunk.length) await handle.write(chunk, 0, Math.min(chunk.length, remaining));
  await handle.sync();
  await handle.close();
  return (performance.now() - started) / 1000;
}
