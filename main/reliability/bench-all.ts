// `npm run bench [-- --only pairwise,simulate] [--skip scale] [--scale-dir DIR] [--json FILE]`: runs every `bench:*`
// script of package.json (or those --only names, less those --skip names), one after another (each alone on the
// machine, as far as this process goes), shows their own output as it comes, and ends with ONE table of every figure
// against its reference: benchmark, measured, reference, ratio, goal, met?
// Each bench prints, as its last JSON line, `{"bench": name, "results": [BenchResult, ...]}`; a bench that prints
// none (it crashed) gets a row saying so. Benchmarks, not tests: the figures depend on the machine and its load,
// printed with the table. bench:scale alone takes some 25 minutes, most of it building its stores: --scale-dir gives it
// a folder whose stores it keeps and reuses.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { benchReport, benchTable, type BenchOutcome } from './bench-report';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run --silent SCRIPT [-- ARGS]`, echoing its output, and reads its report. */
function runBench(script: string, args: readonly string[]): Promise<BenchOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('close', (exitCode) => {
      const seconds = (performance.now() - started) / 1000;
      const report = benchReport(stdout);
      if (report) resolve({ script, exitCode, seconds, results: report.results });
      else resolve({ script, exitCode, seconds, results: [], failure: `no report line (exit ${exitCode})` });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, skip: { type: 'string' }, 'scale-dir': { type: 'string' }, json: { type: 'string' } },
  });
  const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const all = Object.keys(packageJson.scripts).filter((name) => name.startsWith('bench:'));
  const named = (list: string | undefined) => list?.split(',').map((name) => (name.startsWith('bench:') ? name : `bench:${name}`));
  const only = named(values.only);
  const skipped = named(values.skip) ?? [];
  const unknown = [...(only ?? []), ...skipped].filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`no such benchmark: ${unknown.join(', ')} (package.json has ${all.join(', ')})`);
  const scripts = (only ?? all).filter((name) => !skipped.includes(name));
  const loadBefore = loadavg();
  const started = performance.now();
  const outcomes: BenchOutcome[] = [];
  for (const script of scripts) {
    process.stdout.write(`\n== npm run ${script}\n`);
    const scaleDir = values['scale-dir'];
    const outcome = await runBench(script, script === 'bench:scale' && scaleDir ? ['--data-dir', scaleDir] : []);
    process.stdout.write(`== ${script}: ${outcome.seconds.toFixed(0)} s, exit ${outcome.exitCode}\n`);
    outcomes.push(outcome);
  }
  const minutes = (performance.now() - started) / 60_000;
  const cpu = cpus();
  const loads = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(' ');
  const machine =
    `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}, ` +
    `load average ${loads(loadBefore)} at the start, ${loads(loadavg())} at the end`;
  const results = outcomes.flatMap((outcome) => outcome.results);
  const met = results.filter((result) => result.met === true).length;
  const judged = results.filter((result) => result.met !== null).length;
  process.stdout.write(
    `\nBenchmarks, ${new Date().toISOString().slice(0, 10)}: ${machine}; ${minutes.toFixed(1)} min in all\n\n${benchTable(outcomes)}\n\n` +
      `${met} of ${judged} goals met${
        outcomes.some((outcome) => outcome.failure)
          ? `; failed: ${outcomes
              .filter((outcome) => outcome.failure)
              .map((outcome) => outcome.script)
              .join(', ')}`
          : ''
      }\n`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ machine, minutes, outcomes }, null, 2)}\n`);
  if (outcomes.some((outcome) => outcome.failure)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
