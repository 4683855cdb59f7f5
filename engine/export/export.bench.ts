/**
 * `npm run bench:export` (tsx engine/export/export.bench.ts [rows]): streams 100,000 realistic tool-calling rows
 * through the OpenAI SFT export (samples, line validation, round-trip and leak gates) into a file, and compares it
 * with two references measured in the same run: writing the same number of bytes raw (one buffer, repeated), and
 * serializing one prebuilt line per row through the same writer (the floor of any JSONL export in JavaScript).
 * Prints wall and CPU time, rates, ratios and peak resident memory. Goal (issue 9): half the raw rate, under 300 MB.
 */
import { open, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REFUND_CONTEXT, refundInput } from './__fixtures__/refund-rows';
import type { ExportInput } from './export-input';
import { openAiLine } from './openai-format';
import { exportTraining } from './training-export';
import { trainingSamples } from './training-samples';

const count = Number(process.argv[2] ?? 100_000);
// tsx's ESM resolver reads an extensionless `./x.node` as a native addon, so the adapter is loaded by its file name.
const writerFile = './jsonl-writer.node.ts';
const { writeJsonl }: typeof import('./node/jsonl-writer') = await import(writerFile);

function* rows(): Generator<ExportInput> {
  for (let index = 0; index < count; index++) {
    yield refundInput({ id: `row-${index}`, scenario_id: `sc-${index % 5000}`, rollout_index: index % 4, reward: index % 3 === 0 ? 0 : 1 });
  }
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const value = await run();
  const cpu = process.cpuUsage(cpuStart);
  return { value, wall: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

const folder = await mkdtemp(join(tmpdir(), 'export-bench-'));
try {
  const stream = exportTraining(rows(), REFUND_CONTEXT, { format: 'openai' });
  const exported = await timed(() => writeJsonl(stream.lines, { folder, file: 'train.jsonl' }));
  const exportPeak = Math.max(peak, process.memoryUsage().rss);
  const bytes = exported.value.bytes;

  const line = openAiLine(trainingSamples(refundInput(), REFUND_CONTEXT)[0]!, REFUND_CONTEXT);
  function* serialized(): Generator<string> {
    for (let index = 0; index < count; index++) yield JSON.stringify(line);
  }
  const floor = await timed(() => writeJsonl(serialized(), { folder, file: 'floor.jsonl' }));

  const chunk = Buffer.alloc(1 << 16, 'x');
  const raw = await timed(async () => {
    const handle = await open(join(folder, 'raw.bin'), 'w');
    for (let remaining = bytes; remaining > 0; remaining -= chunk.length) await handle.write(chunk, 0, Math.min(chunk.length, remaining));
    await handle.sync();
    await handle.close();
  });

  const mb = bytes / 1e6;
  const rate = (seconds: number, megabytes = mb) => `${(megabytes / seconds).toFixed(1)} MB/s`;
  const report = stream.report();
  const gates = `${report.tool_call_roundtrip.invalid} bad calls, ${report.privileged_leaks.n_leaked} leaks, ${report.line_check.n_invalid} invalid lines`;
  console.log(`rows ${count}, lines ${exported.value.lines}, ${mb.toFixed(1)} MB; gates: ${gates}`);
  const perRow = ((exported.cpu / count) * 1e6).toFixed(0);
  console.log(`export             wall ${exported.wall.toFixed(2)} s (${rate(exported.wall)})  cpu ${exported.cpu.toFixed(2)} s  ${perRow} µs/row`);
  console.log(`serialize + write  wall ${floor.wall.toFixed(2)} s (${rate(floor.wall, floor.value.bytes / 1e6)})  cpu ${floor.cpu.toFixed(2)} s`);
  console.log(`raw bytes          wall ${raw.wall.toFixed(2)} s (${rate(raw.wall)})`);
  console.log(`ratio to raw ${(raw.wall / exported.wall).toFixed(2)} (goal >= 0.5); to serialize + write ${(floor.wall / exported.wall).toFixed(2)}`);
  console.log(`peak rss during export ${(exportPeak / 1e6).toFixed(0)} MB (goal < 300 MB)`);
} finally {
  clearInterval(sampler);
  await rm(folder, { recursive: true, force: true });
}
