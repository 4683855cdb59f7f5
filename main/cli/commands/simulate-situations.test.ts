import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Row, SimulationSummary } from '../../../shared/domain';
import { pairsOf } from '../../../engine/index';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'sk-test-situations-5Rw8Lq2N';
const SIMULATOR = 'openai:gpt-4.1-mini';
/** The test server's simulator model writes these, in order, naming the spec's first identifier (its brain's script). */
const SCRIPTED_START = ['My order ORD-95347 came with a torn cover', 'Can you check whether ORD-95347 has shipped yet?'];

let server: LocalModelProcess;
beforeAll(async () => {
  server = await startLocalModelProcess(['--key', KEY]);
}, 20_000);
afterAll(async () => server.stop());

function wai(dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.openai_base_url },
  });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}\n${result.stderr}` };
}

describe('wai simulate with a simulator model that writes situations', () => {
  it('rolls out the llm_guided cards the model wrote, aimed at open pairs and failures, with their lineage', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-situations-'));
    const out = join(dataDir, 'rows.jsonl');
    const args = ['--spec', 'resources/examples/refund-desk.spec.yaml', '--rows', '64', '--seed', '4', '--simulator', SIMULATOR];
    const run = wai(dataDir, ['simulate', ...args, '--out', out]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(new RegExp(`Simulator model: ${SIMULATOR}@\\S+ wrote \\d+ new situations of \\d+ asked`));

    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => Row.parse(JSON.parse(line)));
    const written = rows.filter((row) => row.writer === 'llm_guided' && row.writer_model.startsWith(`${SIMULATOR}@`));
    expect(written.length).toBeGreaterThanOrEqual(8);
    // The asks are the server's scripted situations, each once: duplicates never roll out.
    expect(
      written
        .map((row) => row.prompt)
        .slice(0, 2)
        .map((prompt) => prompt.slice(0, SCRIPTED_START[0]!.length)),
    ).toEqual([SCRIPTED_START[0], SCRIPTED_START[1]!.slice(0, SCRIPTED_START[0]!.length)]);
    expect(new Set(written.map((row) => row.prompt)).size).toBe(written.length);
    for (const row of written) {
      expect(row.prompt).toContain('ORD-95347');
      expect(row.degraded).toEqual([]);
      expect(['open_pairs', 'failure_region', 'grid_cell']).toContain(row.lineage.written_for);
      expect(row.lineage.writer_restart).toBe(0);
      const pairs = new Set(pairsOf(row.situation.dimensions).map((pair) => pair.replace('\u001f', ' × ')));
      for (const pair of row.lineage.open_pairs ?? []) expect(pairs.has(pair), pair).toBe(true);
    }
    const aimedAtPairs = written.filter((row) => row.lineage.written_for === 'open_pairs');
    expect(aimedAtPairs.length).toBeGreaterThan(0);
    expect(aimedAtPairs.every((row) => (row.lineage.open_pairs ?? []).length > 0)).toBe(true);
    const nearFailures = written.filter((row) => row.lineage.written_for === 'failure_region');
    for (const row of nearFailures) expect(rows[row.lineage.near_failure!]!.ordinal).toBeLessThan(row.ordinal);

    const runId = /^Run (run_\w+) \(/m.exec(run.stdout)![1]!;
    const shown = JSON.parse(wai(dataDir, ['runs', 'show', runId, '--json']).stdout) as { summary: SimulationSummary };
    const report = shown.summary.search.model_writer!;
    expect(report.model.startsWith(`${SIMULATOR}@`)).toBe(true);
    expect(report).toMatchObject({ invalid: 0, fallbacks: 0, kept: written.length });
    // The script holds ten situations: the rest of the model's cards were duplicates, dropped and counted.
    expect(report.kept).toBe(10);
    expect(report.duplicates).toBe(report.cards_written - report.kept);
    expect(report.duplicates).toBeGreaterThan(0);
  }, 180_000);
});
