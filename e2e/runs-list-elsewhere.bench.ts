/**
 * How soon the Runs list shows a run another process started (`tsx e2e/runs-list-elsewhere.bench.ts`, after
 * `npm run build:renderer` and the compiled CLI's build): the app open in Chromium in browser mode on a fresh data
 * folder, then `wai simulate` (dist/cli/wai.mjs, 20 offline rows) in another process on the same folder, three times.
 * Each time: from the terminal's "Run … started" line, which it prints right after storing its run record, to the
 * run's name showing in the list, with no focus event and no reload (the list asks main for a changed list token
 * every 4 s, so the wait depends on when in that cycle the run lands: each run starts 0, 1.3 or 2.7 s after the one
 * before showed, so the three land at different points of it).
 * Issue 25's goal: within 5 s. Timings, not assertions; the last line is JSON for `npm run bench:startup`.
 */
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { freshDataDir, REPO_ROOT, startStudio, stopStudio } from './fixtures';
import { CHROMIUM_PATH } from './playwright.config';

const GOAL_MS = 5_000;
/** How often the Runs list asks main whether the list changed (renderer/stores/runs/actions.ts's IDLE_CHECK_INTERVAL_MS). */
const CHECK_CYCLE_MS = 4_000;
const SENTENCES = [
  'a bookshop assistant that refunds only after the customer confirms the order',
  'a travel desk that rebooks a cancelled flight only after the traveller picks one',
  'a pharmacy line that refills a prescription only after the doctor approves it',
];

/** `wai simulate` on `dataDir` in a process of its own: resolves with the time its run record was stored, and its exit. */
function simulate(dataDir: string, sentence: string): { stored: Promise<number>; exited: Promise<number | null> } {
  const args = ['dist/cli/wai.mjs', '--data-dir', dataDir, 'simulate', '--describe', sentence, '--rows', '20', '--seed', '7'];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stored = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Run run_[\w-]+ started/.test(output)) resolve(performance.now());
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`wai simulate exited (${code}) before its run started:\n${output}`)));
  });
  return { stored, exited };
}

/** One run started elsewhere: the ms from its record stored to its row in the list. */
async function timeOne(page: Page, dataDir: string, sentence: string): Promise<number> {
  const cli = simulate(dataDir, sentence);
  const storedAt = await cli.stored;
  await page
    .getByRole('table', { name: 'Runs' })
    .getByRole('row', { name: `Open run ${sentence}` })
    .waitFor({ timeout: 30_000 });
  const shownMs = performance.now() - storedAt;
  const code = await cli.exited;
  if (code !== 0) throw new Error(`wai simulate exited ${code}`);
  return shownMs;
}

async function main(): Promise<void> {
  const dataDir = freshDataDir();
  const { studio, process: server } = await startStudio(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 800 } });
    await page.goto(studio.url);
    await page.getByRole('heading', { name: 'No runs yet' }).waitFor({ timeout: 30_000 });
    const times: number[] = [];
    for (const [index, sentence] of SENTENCES.entries()) {
      // Started right after the row before showed, every run would land at the same point of the list's check cycle.
      await page.waitForTimeout((index * CHECK_CYCLE_MS) / SENTENCES.length);
      times.push(await timeOne(page, dataDir, sentence));
      process.stdout.write(`  Runs list: a run another process started shown after ${times.at(-1)!.toFixed(0)} ms\n`);
    }
    const worst = Math.max(...times);
    const result = {
      name: `Runs list: another process's new run shown, worst of ${times.length} (each: ${times.map((time) => time.toFixed(0)).join(', ')} ms)`,
      measured: worst,
      unit: 'ms',
      reference: GOAL_MS,
      reference_name: 'goal',
      ratio: worst / GOAL_MS,
      goal: `<= ${GOAL_MS} ms`,
      met: worst <= GOAL_MS,
    };
    process.stdout.write(`${JSON.stringify({ bench: 'runs-list-elsewhere', load_average: loadavg(), times, results: [result] })}\n`);
  } finally {
    await browser.close();
    await stopStudio(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`The Runs list benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
