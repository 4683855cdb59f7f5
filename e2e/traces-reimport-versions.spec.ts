import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  await expect(heatmap.getByRole('button', { name: 'issue_refund, permission_denied: 3 of 7 graded traces failing, new' })).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText('Traces in issue_refund · permission_denied · entity exists 7');
  expect(await situations.getByRole('row').allInnerTexts()).toEqual(priorities);
  await expect(page.getByRole('table', { name: 'Trace imports' }).getByRole('row')).toHaveCount(2);

  // A square whose world states differ in status shows each status with its counts.
  const cancel = heatmap.getByRole('button', { name: /^cancel_order, success: 4 of 8 graded traces failing, mixed: / });
  await expect(cancel).toHaveAccessibleName(
    'cancel_order, success: 4 of 8 graded traces failing, mixed: not re-checked 1 of 2 (entity missing); stopped failing 3 of 6 (entity already acted on)',
  );
  await expect(cancel).toContainText('1/2 not re-checked');
  await expect(cancel).toContainText('3/6 stopped failing');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-reimport.png'), fullPage: true });

  // Traces of a third version: the default pair moves, and the person picks the pair back.
  await page
    .getByLabel('Trace files')
    .setInputFiles(['otlp-genai.json', 'otlp-openinference.json', 'traces.jsonl'].map((name) => join(ENGINE_FIXTURES, name)));
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

test('the map counts failures over graded traces and names the ungraded; an import shows only its own warnings', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1200 });
  const folder = mkdtempSync(join(tmpdir(), 'while-e2e-traces-graded-'));
  const line = (order: string, reward: number | null) =>
    JSON.stringify({
      prompt: `Refund order ${order} please`,
      steps: [{ tool: order.startsWith('B') ? 'lookup_order' : 'refund_order', input: { order_id: order }, output: { status: 'ok' } }],
      final_text: 'Your refund is on its way.',
      model_version: 'support-v2',
      ...(reward === null ? {} : { reward }),
    });
  const first = join(folder, 'first.jsonl');
  writeFileSync(first, `${[line('B1', 1), line('B2', null)].join('\n')}\n`);
  // Six traces of one situation: three graded (all failing), three with no reward.
  const second = join(folder, 'second.jsonl');
  writeFileSync(
    second,
    `${['C1', 'C2', 'C3']
      .map((order) => line(order, 0))
      .concat(['C4', 'C5', 'C6'].map((order) => line(order, null)))
      .join('\n')}\n`,
  );

  await page.goto(`${studio.url}#/traces`);
  await page.getByLabel('Trace files').setInputFiles(first);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const thisImport = page.getByRole('region', { name: 'Warnings of this import' });
  await expect(thisImport).toContainText('first.jsonl: 1 of 2 traces carry no reward');

  await page.getByLabel('Trace files').setInputFiles(second);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 6 traces.' })).toBeVisible();
  // Only this import's warnings; the first import's stay with its row in the Imports table.
  await expect(thisImport).toContainText('second.jsonl: 3 of 6 traces carry no reward');
  await expect(thisImport).not.toContainText('first.jsonl');
  await expect(page.getByRole('table', { name: 'Trace imports' })).toContainText('1 warning');

  // One denominator: 3 failing of the 3 graded, the 3 ungraded said apart, in the square and in the table alike.
  const heatmap = page.getByRole('table', { name: 'Failure map: tool by tool condition' });
  const square = heatmap.getByRole('button', { name: /^refund_order, [^:]+: 3 of 3 graded traces failing, 3 ungraded, / });
  await expect(square).toContainText('3/3');
  await expect(square).toContainText('+3 ungraded');
  const row = page
    .getByRole('table', { name: 'Situations in the traces' })
    .getByRole('row')
    .filter({ hasText: 'refund_order' })
    .filter({ hasText: /3\/3/ });
  await expect(row.getByRole('cell').nth(5)).toHaveText('6');
  await expect(row.getByRole('cell').nth(6)).toHaveText('3');
  await expect(row.getByRole('cell').nth(7)).toHaveText('3/3 100%');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-graded-denominator.png'), fullPage: true });
});
