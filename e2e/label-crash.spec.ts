import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, startStudio, stopStudio, test } from './fixtures';
import { forgetGrades, seedStore } from './seed-store';

const ROWS = 8;

function wai(dataDir: string, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** SIGKILL: no handler runs, as when the machine loses power or the app is killed. */
function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
const progress = (page: Page) => page.getByRole('status', { name: 'Progress' });
const rowHeading = (page: Page, ordinal: number) => page.getByRole('heading', { name: `Row #${ordinal}`, exact: true });
const pressedLabel = (page: Page) => page.getByRole('group', { name: 'Label this row' }).getByRole('button', { pressed: true });

test('a label given right before the server is killed is there after a restart', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const output = wai(dataDir, [
    'simulate',
    '--describe',
    'a personal finance assistant that confirms before it moves money',
    '--rows',
    String(ROWS),
    '--seed',
    '5',
  ]);
  const runId = /Run (run_\w+)/.exec(output)![1]!;
  forgetGrades(dataDir, runId);
  wai(dataDir, ['labels', 'annotator', 'Bo']);
  let server = await startStudio(dataDir);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.studio.url}#/runs/${runId}/label`);
    await expect(rowHeading(page, 0)).toBeVisible();
    await expect(page.getByLabel('Annotator')).toHaveText('Bo');
    // Not graded: the queue works, the judge column says so, and the trust panel says unmeasured.
    await expect(page.getByRole('group', { name: 'Judge verdict' })).toContainText('Ungraded');
    await expect(page.getByRole('region', { name: 'Judge trust' })).toContainText('Unmeasured: no judge has graded this run');
    await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
    await shot(page, 'label-ungraded');

    // Killed the moment main has answered the keypress: the label was already on disk.
    const acknowledged = page.waitForResponse((response) => response.url().endsWith('/api/labels.set'));
    await page.keyboard.press('f');
    expect((await acknowledged).ok()).toBe(true);
    await killHard(server.process);

    // The next key cannot reach main: the label shows at once, then is undone with the reason.
    await expect(rowHeading(page, 1)).toBeVisible();
    await page.keyboard.press('p');
    await expect(page.getByRole('alert').filter({ hasText: 'was not saved and has been undone' })).toContainText('row #1');
    await page.keyboard.press('k');
    await expect(rowHeading(page, 1)).toBeVisible();
    await expect(pressedLabel(page)).toHaveCount(0);
    await shot(page, 'label-save-error');

    server = await startStudio(dataDir);
    await page.goto(`${server.studio.url}#/runs/${runId}/label`);
    await expect(progress(page)).toContainText(`1 / ${ROWS} labelled`);
    await expect(progress(page)).toContainText(`2 of ${ROWS} in this order`);
    await page.keyboard.press('k');
    await expect(rowHeading(page, 0)).toBeVisible();
    await expect(pressedLabel(page)).toHaveText(/Fail/);
  } finally {
    if (server.process.signalCode === null) await stopStudio(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a run with no rows says there is nothing to label', async ({ page, studio }) => {
  seedStore(studio.dataDir, 'two-runs.sql');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${studio.url}#/runs/run_transfers/label`);
  await expect(page.getByRole('status').filter({ hasText: 'This run has no rows to label' })).toBeVisible();
  await expect(progress(page)).toContainText('0 / 0 labelled');
  await expect(page.getByRole('region', { name: 'Judge trust' })).toContainText('Unmeasured');
  await shot(page, 'label-empty-run');
});
