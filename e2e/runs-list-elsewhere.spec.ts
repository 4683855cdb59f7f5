import type { Locator, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test, type Studio } from './fixtures';

const FIRST = 'a bookshop assistant that refunds only after the customer confirms the order';
const SECOND = 'a travel desk that rebooks a cancelled flight only after the traveller picks one';

interface Cli {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `wai simulate` in a terminal, on the data folder the app has open. */
function simulate(studio: Studio, sentence: string, rows: number): Cli {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', studio.dataDir, 'simulate', '--describe', sentence, '--rows', String(rows), '--concurrency', '1', '--seed', '7'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function started(cli: Cli): Promise<void> {
  await expect.poll(() => /Run (run_[\w-]+) started/.test(cli.output()), { timeout: 60_000 }).toBe(true);
}

async function rowsDone(row: Locator): Promise<number> {
  const text = (await row.getByRole('cell').nth(2).textContent()) ?? '';
  return Number(/^([\d,]+)/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

/** The person switches back from the terminal to the app's window. */
async function backToWindow(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('the Runs list follows runs `wai simulate` writes: they appear, grow, name their writer and end, without a reload', async ({ page, studio }) => {
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
    const firstMark = firstRow.getByRole('note', { name: `Written by another process: wai simulate, pid ${first.process.pid} on this machine` });
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
