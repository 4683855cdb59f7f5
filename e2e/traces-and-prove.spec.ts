import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

const FIXTURES = join(REPO_ROOT, 'e2e', '__fixtures__');
const ENGINE_FIXTURES = join(REPO_ROOT, 'engine', 'traces', '__fixtures__');

test('import trace files, read the failure map, and aim a run at the weak cells', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.goto(studio.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traces' }).click();
  await expect(page).toHaveURL(/#\/traces$/);
  await expect(page.getByRole('heading', { name: 'Traces', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No traces yet' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-empty.png'), fullPage: true });

  // A malformed file imports nothing and names span and field.
  await page.getByLabel('Trace files').setInputFiles([join(ENGINE_FIXTURES, 'otlp-malformed.json')]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = page.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText('otlp-malformed.json span e000000000000001 traceId');
  await expect(problems).toContainText('reward must be in [0, 1], got 1.5');
  await expect(page.getByRole('status').filter({ hasText: 'No traces yet' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-import-error.png'), fullPage: true });

  await page.getByLabel('Trace files').setInputFiles([join(FIXTURES, 'traces-support-agent.otlp.json')]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 30 traces' })).toBeVisible();
  const heatmap = page.getByRole('table', { name: 'Failure map: tool by tool condition' });
  await expect(heatmap).toBeVisible();
  await expect(heatmap.getByRole('button', { name: 'issue_refund, permission_denied: 3 of 7 graded traces failing, new' })).toBeVisible();
  const situations = page.getByRole('table', { name: 'Situations in the traces' });
  const rows = situations.getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('new');
  await expect(rows.nth(1)).toContainText('issue_refund');
  await expect(situations.getByRole('row').filter({ hasText: 'entity already acted on' })).toContainText('stopped failing');
  await expect(situations.getByRole('row').filter({ hasText: 'timeout' })).toContainText('persistent');
  await expect(situations.getByRole('columnheader', { name: 'support-v1' })).toBeVisible();
  await expect(situations.getByRole('columnheader', { name: 'support-v2' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-failure-map.png'), fullPage: true });

  await situations.getByRole('button', { name: 'Traces in issue_refund, permission_denied, entity exists' }).click();
  const opened = page.getByRole('region', { name: 'Traces in issue_refund · permission_denied · entity exists' });
  await expect(opened).toContainText('7');
  await expect(opened).toContainText('support-v2');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-cell.png'), fullPage: true });

  await page.getByRole('button', { name: 'Aim a run here' }).click();
  const started = page.getByRole('status').filter({ hasText: 'Started' });
  await expect(started).toContainText('aimed at 3 situations');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'traces-aimed.png'), fullPage: true });
  const aims = new Database(join(studio.dataDir, 'while-studio.sqlite'), { readonly: true });
  try {
    expect((aims.prepare('SELECT COUNT(*) AS n FROM trace_aims').get() as { n: number }).n).toBe(1);
  } finally {
    aims.close();
  }
});

test('compare a before/after pair and read the forest plot', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${studio.url}#/prove`);
  await expect(page.getByRole('heading', { name: 'Prove', exact: true })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'prove-empty.png'), fullPage: true });

  await page.getByLabel('Before file').setInputFiles(join(FIXTURES, 'prove-before.jsonl'));
  await page.getByLabel('After file').setInputFiles(join(FIXTURES, 'prove-after.jsonl'));
  await page.getByRole('button', { name: 'Compare' }).click();
  const plot = page.getByRole('img', { name: 'Forest plot of the paired difference in pass@1 per category' });
  await expect(plot).toBeVisible();
  await expect(plot).toContainText('refunds');
  await expect(plot).toContainText('cancellations');
  await expect(plot).toContainText('overall');
  await expect(plot).toContainText('PASS');
  const warnings = page.getByRole('region', { name: 'Warnings' });
  const headline = page.getByLabel('Headline');
  await expect(headline).toBeVisible();
  // Next to the verdict: the interval decides, and p is named for the test it comes from.
  await expect(headline).toContainText('Each verdict follows its 95% interval');
  await expect(headline).toContainText('p is a sign-flip permutation test');
  await expect(plot).toContainText('sign-flip p');
  if (await warnings.count()) {
    const [warningsBox, headlineBox] = [await warnings.boundingBox(), await headline.boundingBox()];
    expect(warningsBox!.y).toBeLessThan(headlineBox!.y);
  }
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'prove-forest.png'), fullPage: true });

  await page.getByLabel('Before file').setInputFiles(join(FIXTURES, 'prove-before-one-run.jsonl'));
  await page.getByLabel('After file').setInputFiles(join(FIXTURES, 'prove-after-one-run.jsonl'));
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByLabel('Headline')).toContainText('INCONCLUSIVE (1 eval run a side, rerun to confirm)');
  await expect(page.getByText(/^INCONCLUSIVE means .*"eval_run"/)).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'prove-inconclusive.png'), fullPage: true });

  // The same results on both sides: refused at the After side before any number (no "NO DIFFERENCE" of +0.00s).
  await page.getByLabel('After file').setInputFiles(join(FIXTURES, 'prove-before-one-run.jsonl'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Before and after hold the same lines (prove-before-one-run.jsonl)' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compare' })).toBeDisabled();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'prove-same-side.png'), fullPage: true });

  await page.getByLabel('After file').setInputFiles(join(ENGINE_FIXTURES, 'traces-malformed.jsonl'));
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText('traces-malformed.jsonl:2');
});
