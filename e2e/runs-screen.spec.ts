import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { seedStore } from './seed-store';

test('a new user sees the empty runs screen with the mode and data folder', async ({ page, studio }) => {
  await page.goto(studio.url);
  await expect(page).toHaveURL(`${studio.origin}/`);
  await expect(page.getByRole('heading', { name: 'Runs', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No runs yet' })).toBeVisible();
  await expect(page.getByLabel('Mode')).toHaveText('Browser mode');
  await expect(page.getByLabel('Data folder')).toHaveText(studio.dataDir);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Runs' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-empty.png'), fullPage: true });
});

test('stored runs are listed newest first with status, size, coverage and degraded marks', async ({ page, studio }) => {
  seedStore(studio.dataDir, 'two-runs.sql');
  await page.goto(studio.url);
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Transfers under pressure');
  await expect(rows.nth(1)).toContainText('cancelled');
  await expect(rows.nth(1)).toContainText('generator_fallback');
  await expect(rows.nth(2)).toContainText('Refunds confirm first');
  await expect(rows.nth(2)).toContainText('36%');
  await expect(rows.nth(2)).toContainText('139/381');
  await expect(page.getByText('2 runs')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-list.png'), fullPage: true });
});

test('the page refuses to load without the token', async ({ page, studio }) => {
  const response = await page.goto(studio.origin + '/');
  expect(response?.status()).toBe(401);
  await expect(page.getByText('does not carry the access token')).toBeVisible();
});
