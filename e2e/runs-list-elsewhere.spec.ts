import type { Locator, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { STOPPED_GAP_SECONDS, type RunDetail } from '../shared/api';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test, type Studio } from './fixtures';
import { api } from './page-api';

const FIRST = 'a bookshop assistant that refunds only after the customer confirms the order';
const SECOND = 'a travel desk that rebooks a cancelled flight only after the traveller picks one';

interface Cli {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `wai <args>` in a terminal, on the data folder the app has open. */
function wai(studio: Studio, args: readonly string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', studio.dataDir, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

/** `wai simulate` in a terminal, on the data folder the app has open. */
function simulate(studio: Studio, sentence: string, rows: number): Cli {
  return wai(studio, ['simulate', '--describe', sentence, '--rows', String(rows), '--concurrency', '1', '--seed', '7']);
}

/** Waits for the terminal to print its run's id, and gives it. */
async function started(cli: Cli): Promise<string> {
  await expect.poll(() => /Run (run_[\w-]+) started/.test(cli.output()), { timeout: 60_000 }).toBe(true);
  return /Run (run_[\w-]+) started/.exec(cli.output())![1]!;
}

async function rowsDone(row: Locator): Promise<number> {
  const text = (await row.getByRole('cell').nth(2).textContent()) ?? '';
  return Number(/^([\d,]+)/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

/** The person switches back from the terminal to the app's window. */
async function backToWindow(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('the Runs list follows runs `wai simulate` writes: they appear, grow, name their writer and end, without a reload', async ({
  page,
  studio,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1360, height: 800 });
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  // A marker on the page: still there at the end, so nothing reloaded it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const clis: Cli[] = [];
  try {
    const first = simulate(studio, FIRST, 3000);
    clis.push(first);
    await started(first);
    await backToWindow(page);

    const table = page.getByRole('table', { name: 'Runs' });
    const firstRow = table.getByRole('row', { name: `Open run ${FIRST}` });
    await expect(firstRow).toBeVisible();
    await expect(firstRow.getByRole('cell').nth(1)).toContainText('running', { timeout: 30_000 });
    const firstMark = firstRow.getByRole('note', {
      name: `Written by another process: wai simulate, pid ${first.process.pid} on this machine`,
    });
    await expect(firstMark).toHaveText(`wai simulate · pid ${first.process.pid}`);

    // Its rows grow as the terminal stores them, read again every 2 s.
    await expect.poll(() => rowsDone(firstRow), { timeout: 30_000 }).toBeGreaterThan(0);
    const seen = await rowsDone(firstRow);
    await expect.poll(() => rowsDone(firstRow), { timeout: 30_000 }).toBeGreaterThan(seen);

    // A second terminal run appears on its own while the list follows the first.
    const second = simulate(studio, SECOND, 600);
    clis.push(second);
    const secondRow = table.getByRole('row', { name: `Open run ${SECOND}` });
    await expect(secondRow).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('2 runs')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(`Open run ${SECOND}`);
    if ((await firstRow.getByRole('cell').nth(1).textContent())?.startsWith('running')) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list-elsewhere.png') });
    }

    // Both end: their final status and rows, the writer marks gone, with no reload.
    await expect(secondRow.getByRole('cell').nth(1)).toHaveText('completed', { timeout: 120_000 });
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText('completed', { timeout: 120_000 });
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText('3,000 / 3,000');
    await expect(secondRow.getByRole('cell').nth(2)).toHaveText('600 / 600');
    await expect(table.getByRole('note')).toHaveCount(0);
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list-elsewhere-ended.png') });
  } finally {
    for (const cli of clis) if (cli.process.exitCode === null) cli.process.kill('SIGKILL');
  }
});

test('a run `wai simulate` stores while the window keeps its focus appears on its own, with no focus event', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 800 });
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // The terminal's run starts and ends while the list shows no live run (so nothing follows it) and the window
  // never loses its focus.
  const cli = simulate(studio, FIRST, 20);
  try {
    expect(await cli.exited, cli.output()).toBe(0);
    const table = page.getByRole('table', { name: 'Runs' });
    const row = table.getByRole('row', { name: `Open run ${FIRST}` });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole('cell').nth(1)).toHaveText('completed');
    await expect(row.getByRole('cell').nth(2)).toHaveText('20 / 20');
    await expect(page.getByText('1 run', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list-elsewhere-idle.png') });
  } finally {
    if (cli.process.exitCode === null) cli.process.kill('SIGKILL');
  }
});

test('an older run another process resumes and finishes shows its new status and rows with no focus event, and its Run screen an average rate over its running time', async ({
  page,
  studio,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1360, height: 800 });
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const table = page.getByRole('table', { name: 'Runs' });
  const clis: Cli[] = [];
  try {
    // A terminal run stopped with Ctrl-C after its first rows: cancelled, the rows kept.
    const first = simulate(studio, FIRST, 400);
    clis.push(first);
    const runId = await started(first);
    await expect
      .poll(async () => (await api<{ run: { rows_done: number } }>(page, 'runs.get', { run_id: runId })).run.rows_done, {
        timeout: 60_000,
        intervals: [100],
      })
      .toBeGreaterThan(20);
    first.process.kill('SIGINT');
    await first.exited;
    const stoppedAt = Date.now();
    const firstRow = table.getByRole('row', { name: `Open run ${FIRST}` });
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText('cancelled', { timeout: 30_000 });
    const kept = await rowsDone(firstRow);
    expect(kept).toBeLessThan(400);

    // A newer run, stored and finished: the older one is no longer the newest, and the count stays at 2 from here on.
    const second = simulate(studio, SECOND, 20);
    clis.push(second);
    expect(await second.exited, second.output()).toBe(0);
    await expect(page.getByText('2 runs')).toBeVisible({ timeout: 15_000 });
    await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(`Open run ${SECOND}`);
    // The older run sits stopped over a minute (STOPPED_GAP_SECONDS) before the terminal resumes it.
    await page.waitForTimeout(Math.max(0, stoppedAt + (STOPPED_GAP_SECONDS + 5) * 1000 - Date.now()));

    // Another terminal resumes the older run to its end; the window keeps its focus, so no focus event comes.
    const resume = wai(studio, ['runs', 'resume', runId]);
    clis.push(resume);
    expect(await resume.exited, resume.output()).toBe(0);
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText('completed', { timeout: 15_000 });
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText('400 / 400');
    await expect(page.getByText('2 runs')).toBeVisible();
    await expect(table.getByRole('note')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list-elsewhere-resumed.png') });

    // Its Run screen: an average rate over the time it ran, the time it sat stopped left out and said so.
    await firstRow.click();
    await expect(page.getByLabel('Run status')).toHaveText('completed');
    const progress = page.getByRole('region', { name: 'Progress' });
    const rate = progress.getByLabel('Average rate');
    await expect(rate).toHaveText(/rows\/s$/);
    const running = progress.getByLabel('Running time');
    await expect(running).toHaveText(/^\d+(\.\d)?s$|^\d+m \d+s$/);
    await expect(progress.getByLabel('Start to end')).toHaveText(/s$/);
    const detail = await api<RunDetail>(page, 'runs.get', { run_id: runId });
    const span = (Date.parse(detail.run.updated_at) - Date.parse(detail.run.created_at)) / 1000;
    // The pause (the second run and the wait) is left out as one stretch; the rows before and after it are counted.
    expect(detail.active_time).toMatchObject({ rows: 400, stopped_stretches: 1 });
    expect(detail.active_time!.stopped_seconds).toBeGreaterThan(STOPPED_GAP_SECONDS);
    expect(detail.active_time!.active_seconds).toBeCloseTo(span - detail.active_time!.stopped_seconds, 1);
    const title = await rate.locator('xpath=..').getAttribute('title');
    expect(title).toMatch(
      /^Rows stored over .+ of running, not counting 1m \d+s stopped \(1 stretch of over 1 min with no rollout in flight\)\.$/,
    );
    await progress.screenshot({ path: join(SCREENSHOT_DIR, 'run-resumed-elsewhere-panel.png') });
  } finally {
    for (const cli of clis) if (cli.process.exitCode === null) cli.process.kill('SIGKILL');
  }
});
