import { join } from 'node:path';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

const SUPPORT = join(REPO_ROOT, 'e2e', '__fixtures__', 'traces-support-agent.otlp.json');
const ENGINE_FIXTURES = join(REPO_ROOT, 'engine', 'traces', '__fixtures__');

test('importing the same traces twice counts nothing twice; the versions compared are chosen and kept', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1400 });
  await page.goto(`${studio.url}#/traces`);
  const header = page.locator('.view-header');
  const heatmap = page.getByRole('table', { name: 'Failure map: tool by tool condition' });
  const situations = page.getByRole('table', { name: 'Situations in the traces' });
  const refundRow = situations.getByRole('row').filter({ hasText: 'permission_denied' });
  const panel = page.getByRole('region', { name: 'Traces in issue_refund · permission_denied · entity exists' });

  await page.getByLabel('Trace files').setInputFiles(SUPPORT);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 30 traces.' })).toBeVisible();
  await expect(header).toContainText('30 traces in 1 import');
  await situations.getByRole('button', { name: 'Traces in issue_refund, permission_denied, entity exists' }).click();
  await expect(panel.getByRole('heading')).toHaveText('Traces in issue_refund · permission_denied · entity exists 7');
  const priorities = await situations.getByRole('row').allInnerTexts();

  // The same file again: nothing doubles, and the status says why.
  await page.getByLabel('Trace files').setInputFiles(SUPPORT);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '30 traces already imported, 0 new' })).toBeVisible();
  await expect(header).toContainText('30 traces in 1 import');
  await expect(heatmap.getByRole('button', { name: 'issue_refund, permission_denied: 3 of 7 traces failing, new' })).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText('Traces in issue_refund · permission_denied · entity exists 7');
  expect(await situations.getByRole('row').allInnerTexts()).toEqual(priorities);
  await expect(page.getByRole('table', { name: 'Trace imports' }).getByRole('row')).toHaveCount(2);

  // A square whose world states differ in status shows each status with its counts.
  const cancel = heatmap.getByRole('button', { name: /^cancel_order, success: 4 of 8 traces failing, mixed: / });
  await expect(cancel).toHaveAccessibleName(
    'cancel_order, success: 4 of 8 traces failing, mixed: not re-checked 1 of 2 (entity missing); stopped failing 3 of 6 (entity already acted on)',
  );
  await expect(cancel).toContainText('1/2 not re-checked');
  await expect(cancel).toContainText('3/6 stopped failing');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-reimport.png'), fullPage: true });

  // Traces of a third version: the default pair moves, and the person picks the pair back.
  await page.getByLabel('Trace files').setInputFiles(['otlp-genai.json', 'otlp-openinference.json', 'traces.jsonl'].map((name) => join(ENGINE_FIXTURES, name)));
  await page.getByRole('button', { name: 'Import 3 files' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 6 traces.' })).toBeVisible();
  const title = page.getByRole('heading', { name: /^Failure map/ });
  await expect(title).toHaveText('Failure map · support-v2 → gpt-4o-mini-2024-07-18');
  // The open cell's count follows its row.
  const rowCount = (await refundRow.getByRole('cell').nth(5).innerText()).trim();
  await expect(panel.getByRole('heading')).toHaveText(`Traces in issue_refund · permission_denied · entity exists ${rowCount}`);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-three-versions.png'), fullPage: true });

  await page.getByLabel('Before').selectOption('support-v1');
  await expect(title).toHaveText('Failure map · support-v1 → gpt-4o-mini-2024-07-18');
  await page.getByLabel('After').selectOption('support-v2');
  await expect(title).toHaveText('Failure map · support-v1 → support-v2');
  await expect(situations.getByRole('columnheader', { name: 'support-v1' })).toBeVisible();
  await expect(refundRow.first()).toContainText('new');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-versions-chosen.png'), fullPage: true });

  // Kept in the data folder: a reload compares the same pair; picking the "after" version as "before" swaps them.
  await page.reload();
  await expect(title).toHaveText('Failure map · support-v1 → support-v2');
  await page.getByLabel('Before').selectOption('support-v2');
  await expect(title).toHaveText('Failure map · support-v2 → support-v1');
  await page.getByRole('button', { name: 'Compare the two seen last' }).click();
  await expect(title).toHaveText('Failure map · support-v2 → gpt-4o-mini-2024-07-18');
});
