import type { Locator, Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

/** A sentence no domain bank matches: the drafter warns that the spec was built from the sentence's own words. */
const GENERIC = 'a gardening helper that waters plants';

async function rowsDone(page: Page): Promise<number> {
  const value = await page.getByRole('progressbar', { name: 'Rows done of the budget' }).getAttribute('aria-valuenow');
  return Number(value);
}

/** True when `above` starts higher on the screen than `below`. */
async function isAbove(above: Locator, below: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([above.boundingBox(), below.boundingBox()]);
  return a !== null && b !== null && a.y + a.height <= b.y;
}

test('watch a larger run move, cancel it with its rows kept, resume it to completion', async ({ page, studio }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(studio.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Describe the behavior').fill(GENERIC);
  await page.getByRole('button', { name: 'Draft' }).click();

  // The drafting warning is shown before the spec and before any number.
  const draftWarnings = page.getByRole('region', { name: 'Warnings', exact: true });
  await expect(draftWarnings).toContainText('no domain bank matched');
  expect(await isAbove(draftWarnings, page.getByRole('heading', { name: 'Spec' }))).toBe(true);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-warnings.png') });

  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('4000');
  const start = page.getByRole('button', { name: 'Start run' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(/#\/runs\/run_[\w-]+$/);

  // Live progress: the rows move while it runs, under the warnings banner.
  const banner = page.getByRole('region', { name: 'Warnings', exact: true });
  await expect(banner).toContainText('no domain bank matched');
  await expect(page.getByLabel('Run status')).toHaveText('running', { timeout: 60_000 });
  await expect.poll(() => rowsDone(page), { timeout: 60_000 }).toBeGreaterThan(0);
  const first = await rowsDone(page);
  await expect.poll(() => rowsDone(page), { timeout: 60_000 }).toBeGreaterThan(first);
  await expect(page.getByLabel('Rate', { exact: true })).toHaveText(/rows\/s/);
  expect(await isAbove(banner, page.getByRole('region', { name: 'Progress' }))).toBe(true);
  await expect(page.getByRole('img', { name: /Rows each writer wrote per batch/ })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-live.png') });

  // Cancel: it stops after the rollouts in flight and keeps its rows.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('cancelled', { timeout: 60_000 });
  await expect(page.getByLabel('Stopped because')).toHaveText('cancelled');
  const kept = await rowsDone(page);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(4000);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-cancelled.png') });

  // The runs list shows it cancelled with its rows; Enter on the row opens it again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Runs' }).click();
  const row = page.getByRole('table', { name: 'Runs' }).getByRole('row').nth(1);
  await expect(row).toContainText('cancelled');
  await expect(row).toContainText(kept.toLocaleString('en-US'));
  await row.click();
  await expect(page.getByLabel('Run status')).toHaveText('cancelled');

  // Resume: it continues from the stored rows to the budget.
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Run status')).toHaveText(/queued|running/);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 240_000 });
  await expect(page.getByLabel('Rows done', { exact: true })).toHaveText('4,000 / 4,000');
  await expect(page.getByLabel('Stopped because')).toHaveText('budget');
  const rollouts = page.getByRole('region', { name: 'Rollouts' });
  await expect(rollouts).toContainText('Resumed');
  expect(await isAbove(banner, page.getByRole('region', { name: 'Progress' }))).toBe(true);
  await page.setViewportSize({ width: 1360, height: 1200 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-resumed-completed.png') });
});
