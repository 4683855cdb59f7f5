import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, startStudio, stopStudio, test } from './fixtures';

const ROWS = 12;

function wai(dataDir: string, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
const rowHeading = (page: Page, ordinal: number) => page.getByRole('heading', { name: `Row #${ordinal}`, exact: true });
const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript' });
const trust = (page: Page) => page.getByRole('region', { name: 'Judge trust' });
const statCell = (page: Page, name: string) =>
  trust(page)
    .getByRole('table', { name: 'Agreement' })
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .getByRole('cell')
    .first();
const confusion = (page: Page, row: string, column: number) =>
  trust(page)
    .getByRole('table', { name: 'Confusion matrix' })
    .getByRole('row', { name: new RegExp(`^${row}`) })
    .getByRole('cell')
    .nth(column);

test('each key labels the row, shows the next conversation, and the trust panel counts the label at once', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const output = wai(dataDir, [
    'simulate',
    '--describe',
    'a support agent that refunds orders only after confirming the amount',
    '--rows',
    String(ROWS),
    '--seed',
    '3',
  ]);
  const runId = /Run (run_\w+)/.exec(output)![1]!;
  // A judge that fails every third row (ordinals 0, 3, 6, 9) and passes the rest.
  const judge = join(mkdtempSync(join(tmpdir(), 'while-trust-live-')), 'third-judge.mjs');
  writeFileSync(
    judge,
    `export default function judge(row) {\n  return { reward: row.ordinal % 3 === 0 ? 0 : 1, reason: 'by ordinal' };\n}\n`,
  );
  wai(dataDir, ['grade', runId, '--judge', `module:${judge}`, '--version', '1', '--name', 'third-judge']);
  wai(dataDir, ['labels', 'annotator', 'Ada']);
  const { studio, process: server } = await startStudio(dataDir);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${studio.url}#/runs/${runId}/label`);
    await expect(rowHeading(page, 0)).toBeVisible();
    await expect(transcript(page)).toBeVisible();
    await expect(statCell(page, 'n gold')).toHaveText('0');

    // Pass on row 0 (the judge failed it): the next row's conversation, and gold 1 with the judge's miss counted.
    await page.keyboard.press('p');
    await expect(rowHeading(page, 1)).toBeVisible();
    await expect(transcript(page)).toBeVisible();
    await expect(statCell(page, 'n gold')).toHaveText('1');
    await expect(confusion(page, 'judge fail', 0)).toHaveText('1');

    // Fail on row 1 (the judge passed it): a leak, counted at once.
    await page.keyboard.press('f');
    await expect(rowHeading(page, 2)).toBeVisible();
    await expect(statCell(page, 'n gold')).toHaveText('2');
    await expect(confusion(page, 'judge pass', 1)).toHaveText('1');

    // Unsure and skip are no gold; a simulator error on a labelled row takes its gold away.
    await page.keyboard.press('u');
    await expect(rowHeading(page, 3)).toBeVisible();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect(rowHeading(page, 1)).toBeVisible();
    await expect(transcript(page)).toBeVisible();
    await page.keyboard.press('e');
    await expect(rowHeading(page, 2)).toBeVisible();
    await expect(statCell(page, 'n gold')).toHaveText('1');
    await expect(trust(page)).toContainText('1 row labelled simulator_error is left out of every number');
    await page.keyboard.press('j');
    await expect(rowHeading(page, 3)).toBeVisible();
    await expect(transcript(page)).toBeVisible();

    // Another order: the key still moves on and counts.
    await page.getByRole('combobox', { name: 'Order' }).selectOption('unsure');
    // The queue reads its first page in the new order (the old row stays, keys off, until it has): read the row then.
    await expect(page.locator('.label-layout')).toHaveAttribute('aria-busy', 'false');
    const heading = page.getByRole('heading', { name: /^Row #\d+$/ });
    await expect(heading).toBeVisible();
    const before = await heading.textContent();
    await page.keyboard.press('p');
    await expect(heading).not.toHaveText(before!);
    await expect(transcript(page)).toBeVisible();
    await expect(statCell(page, 'n gold')).toHaveText('2');
    await shot(page, 'label-trust-live');
  } finally {
    await stopStudio(server);
  }
});
