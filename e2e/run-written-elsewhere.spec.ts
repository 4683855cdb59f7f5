import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

async function rowsDone(page: Page): Promise<number> {
  return Number(await page.getByRole('progressbar', { name: 'Rows done of the budget' }).getAttribute('aria-valuenow'));
}

test('a run `wai simulate` writes in a terminal shows live in the open app: its rows, pace, writer and end', async ({ page, studio }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(studio.url);

  // `wai simulate` in a terminal, on the data folder the app has open: the app runs nothing itself.
  const cli = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'main/cli/wai.ts',
      '--data-dir',
      studio.dataDir,
      'simulate',
      '--describe',
      SENTENCE,
      '--rows',
      '2500',
      '--concurrency',
      '1',
      '--seed',
      '7',
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => /Run (run_[\w-]+) started/.exec(output)?.[1], { timeout: 60_000 }).toBeTruthy();
    const runId = /Run (run_[\w-]+) started/.exec(output)![1]!;

    await page.goto(`${studio.url}#/runs/${runId}`);
    // A marker on the page: it is still there at the end, so the end showed without a reload.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await expect(page.getByLabel('Run status')).toHaveText('running', { timeout: 30_000 });
    const writer = page.getByRole('status').filter({ hasText: 'Written by another process' });
    await expect(writer).toHaveText(/^Written by another process \(wai simulate, pid \d+ on this machine\); cancel it there\./);
    expect(await writer.textContent()).toContain(`pid ${cli.pid} `);

    // Its rows grow as that process stores them, with a rate and a time left read from the stored rows.
    await expect.poll(() => rowsDone(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const first = await rowsDone(page);
    await expect.poll(() => rowsDone(page), { timeout: 30_000 }).toBeGreaterThan(first);
    await expect(page.getByLabel('Rate', { exact: true })).toHaveText(/^[\d.,]+ rows\/s$/);
    await expect(page.getByLabel('Time left')).toHaveText(/^(\d+h \d+m|\d+m \d+s|\d+s)$/);

    // Cancel cannot stop it from here: the button says why, and points at the line naming the process.
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAttribute('title', 'Another process writes this run; cancel it there.');
    await expect(cancel).toHaveAccessibleDescription(/cancel it there/);
    await expect(page.getByRole('region', { name: 'Grade' })).toContainText(
      'The run is still simulating in another process: grade it when it ends.',
    );
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-written-elsewhere.png') });

    // Its end: the final state and why it stopped, without a reload; the writer line and Cancel are gone.
    await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 180_000 });
    await expect(page.getByLabel('Stopped because')).toHaveText(/\w+/);
    await expect(writer).toHaveCount(0);
    await expect(cancel).toHaveCount(0);
    expect(await exited).toBe(0);
    const stopped = await page.getByLabel('Stopped because').textContent();
    expect(output).toContain(`Run ${runId}`);
    expect(await rowsDone(page)).toBeGreaterThan(first);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(stopped).toBe('budget');
    await expect(page.getByLabel('Rows done', { exact: true })).toHaveText('2,500 / 2,500');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-written-elsewhere-ended.png') });
  } finally {
    if (cli.exitCode === null) cli.kill('SIGKILL');
  }
});
