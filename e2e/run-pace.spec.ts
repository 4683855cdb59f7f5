import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { api } from './page-api';

const SENTENCE = 'a personal finance assistant that confirms before it moves money';

async function rowsDone(page: Page): Promise<number> {
  return Number(await page.getByRole('progressbar', { name: 'Rows done of the budget' }).getAttribute('aria-valuenow'));
}

test('rows show soon after Start, Cancel lands at once, and a stopped run shows how long it took', async ({ page, studio }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(studio.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Describe the behavior').fill(SENTENCE);
  await page.getByRole('button', { name: 'Draft' }).click();
  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('1500');
  const start = page.getByRole('button', { name: 'Start run' });
  await expect(start).toBeEnabled();

  const startedAt = Date.now();
  await start.click();
  await expect.poll(() => rowsDone(page), { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0);
  const firstRowsMs = Date.now() - startedAt;

  const cancelledAt = Date.now();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('cancelled', { timeout: 60_000 });
  const cancelMs = Date.now() - cancelledAt;
  const timing = `Start -> first rows shown ${firstRowsMs} ms; Cancel -> cancelled shown ${cancelMs} ms`;
  test.info().annotations.push({ type: 'timing', description: timing });
  process.stdout.write(`${timing}\n`);
  const kept = await rowsDone(page);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(1500);
  // Generous on a shared 2-core machine; the figures to compare are in `tsx main/benchmarks/run-jobs.bench.ts`.
  expect(firstRowsMs).toBeLessThan(15_000);
  expect(cancelMs).toBeLessThan(10_000);

  // Stopped: how long it took and its average rate, no time left.
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByLabel('Duration')).toHaveText(/^\d+(\.\d)?s$|^\d+m \d+s$/);
  await expect(progress.getByLabel('Average rate')).toHaveText(/rows\/s$/);
  await expect(progress.getByLabel('Time left')).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-pace-cancelled.png') });

  // Resumed to the budget: the span from Start holds the pause, so it is named so. The pause was under a minute, too short
  // to tell from the rows' stamps: the rate is over the whole span, counted as running, and its title says so.
  const resumedAt = Date.now();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => rowsDone(page), { timeout: 60_000, intervals: [50] }).toBeGreaterThan(kept);
  const resumeMs = Date.now() - resumedAt;
  process.stdout.write(`Resume -> more rows shown ${resumeMs} ms\n`);
  // The thread the cancelled run left is up already: no boot, no compile.
  expect(resumeMs).toBeLessThan(10_000);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 240_000 });
  await expect(progress.getByLabel('Start to end')).toHaveText(/s$/);
  await expect(progress.getByLabel('Average rate')).toHaveText(/rows\/s$/);
  await expect(progress.getByLabel('Running time')).toHaveCount(0);
  expect(await progress.getByLabel('Average rate').locator('xpath=..').getAttribute('title')).toMatch(
    /: from Start to the end\. It sat stopped under 1 min before it resumed .*so that is counted as running\.$/,
  );
  await progress.screenshot({ path: join(SCREENSHOT_DIR, 'run-pace-resumed-panel.png') });
  await expect(progress.getByLabel('Time left')).toHaveCount(0);

  // The summary's words: a cell is a square of the planned grid; tiers say which stances they group.
  const coverage = page.getByRole('region', { name: 'Coverage', exact: true });
  await expect(coverage).toContainText('Planned cells visited');
  await expect(coverage).toContainText('Distinct axis combinations');
  await expect(coverage).not.toContainText('Unique cells');
  const tiers = page.getByRole('region', { name: 'Difficulty tiers' });
  await expect(tiers).toContainText('Ambiguous tier');
  await expect(tiers).toContainText('ambiguous, unsure');
  await expect(tiers).toContainText('boundary, conflicting');
  await page.setViewportSize({ width: 1400, height: 2000 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-pace-completed-tall.png') });
});

test('at 1024 px the Runs list fits: short dates, names in two lines, a fill run marked as one cell', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.goto(studio.url);
  const base = await api<{ id: string }>(page, 'runs.start', {
    config: { source: { kind: 'describe', sentence: SENTENCE }, budget: 40, seed: 0 },
  });
  const fill = await api<{ id: string }>(page, 'runs.start', {
    config: {
      name: `Fill tool=get_account_balance · stance=ambiguous (from ${SENTENCE})`,
      source: { kind: 'describe', sentence: SENTENCE },
      budget: 12,
      seed: 0,
      aim: { tool: 'get_account_balance', stance: 'ambiguous' },
    },
  });
  for (const id of [base.id, fill.id]) {
    await expect
      .poll(async () => (await api<{ run: { status: string } }>(page, 'runs.get', { run_id: id })).run.status, { timeout: 120_000 })
      .toBe('completed');
  }

  await page.setViewportSize({ width: 1024, height: 700 });
  await page.reload();
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const fillRow = table.getByRole('row', { name: /Open run Fill/ });
  await expect(fillRow).toContainText('fills 1 cell');
  // Its pairs cell names the cell it fills instead of a pairwise share (its pass rate, like every graded run's, is a %).
  await expect(fillRow.locator('td.run-fill')).not.toContainText('%');
  await expect(fillRow).toContainText(/\d+% of 12/);
  const baseRow = table.getByRole('row').nth(2);
  await expect(baseRow).toContainText('%');

  // Nothing is cut off: the table is no wider than its column, the date is whole, the long name takes two lines.
  const overflow = await table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0));
  expect(overflow).toBeLessThanOrEqual(0);
  const created = fillRow.locator('td.run-created');
  await expect(created).toHaveText(/^[A-Z][a-z]{2} \d{1,2} \d\d:\d\d$/);
  expect(await created.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
  const name = fillRow.getByRole('link');
  const lineHeight = await name.evaluate((link) => parseFloat(getComputedStyle(link).lineHeight));
  const box = await name.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list-1024-fill.png') });

  // Its Run screen says so beside the seed.
  await fillRow.click();
  await expect(page.getByLabel('Run status')).toHaveText('completed');
  await expect(page.getByText('fills 1 cell')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-fill-1024.png') });
});
