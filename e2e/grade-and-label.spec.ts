import type { Locator, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import type { StoredLabel } from '../shared/api/labels';
import { simulateRun } from './export-support';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

/** What the judge reads; every answer takes this long, so the job can be watched and cancelled. */
const JUDGE_LATENCY_MS = 1200;
const ANNOTATOR = 'Ana Suarez';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** The engine's local model server (OpenAI protocol) in its own process: the rubric judge answers from it. */
async function startLocalModel(): Promise<{ openaiBaseUrl: string; stop(): Promise<void> }> {
  const script = 'engine/models/node/__fixtures__/serve-local-model.ts';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--exit-with-stdin', '--latency-ms', String(JUDGE_LATENCY_MS)],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the local model server exited (${code}) before it started`)));
  });
  const urls = JSON.parse(first) as { openai_base_url: string };
  return {
    openaiBaseUrl: urls.openai_base_url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

/** Calls the app's own API from the page (its cookie carries the token), as the renderer does. */
async function callApi<T>(page: Page, method: string, input: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) =>
      (await fetch(`/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json(),
    [method, input] as const,
  );
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return (result as { value: T }).value;
}

const numberIn = async (locator: Locator) => Number(/\d[\d,]*/.exec(await locator.innerText())![0].replaceAll(',', ''));

interface JudgeCounts {
  judge_key: string;
  label_source: string;
  passes: number;
  failures: number;
  n_graded: number;
  unjudged: number;
  unsure: number;
}

test('a run graded by the conduct checks alone shows their verdicts and rewards in the Judge and Reward columns, passes as all-clear', async ({
  page,
  studio,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const runId = simulateRun(studio.dataDir, { rows: 40, seed: 4 });
  const summary = await (async () => {
    await page.goto(`${studio.url}#/runs/${runId}`);
    return callApi<{ judges: JudgeCounts[] }>(page, 'grades.summary', { run_id: runId });
  })();
  expect(summary.judges.map((judge) => judge.label_source)).toEqual(['conduct']);
  const conduct = summary.judges[0]!;
  expect(conduct.passes).toBeGreaterThan(0);
  expect(conduct.failures).toBeGreaterThan(0);

  await page.goto(`${studio.url}#/runs/${runId}/conversations`);
  await expect(page.getByRole('status').filter({ hasText: '40 conversations' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Conversations' });
  const firstRow = grid
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .first();
  // Every row shows who graded it, the verdict and its reward; none is left as a dash.
  await expect(grid.getByText('conduct checks').first()).toBeVisible();
  // Asserted on the rows as shown at each retry: the virtual list may swap its rows while the table settles.
  const shownRows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(shownRows).not.toHaveCount(0);
  await expect(shownRows.filter({ hasNotText: /(pass|fail|no reward) conduct checks/ })).toHaveCount(0);
  await expect(grid.getByRole('gridcell', { name: /^(1|0\.5|0)\.\d\d$/ }).first()).toBeVisible();
  await expect(firstRow.locator('[title^="By the conduct checks (label_source conduct, judge_name conduct"]')).toHaveCount(1);
  // A passing outcome is an all-clear with its meaning in the title, never the red flag of a rule that fired.
  const clear = grid.locator('.conduct-rule', { hasText: /^ ?(conforms|fault_ok)$/ }).first();
  await expect(clear).toBeVisible();
  expect(await clear.evaluate((element) => getComputedStyle(element).color)).toBe(
    await page
      .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--pass').trim())
      .then((hex) => {
        const value = Number.parseInt(hex.slice(1), 16);
        return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
      }),
  );
  await expect(grid.locator('.conduct-cell[title^="Passed (conforms): no conduct rule fired"]').first()).toBeVisible();
  await shot(page, 'conduct-verdicts-table');

  // The Judge filter offers the conduct checks' verdicts, counted as the summary counts them, and applies.
  await page.getByRole('button', { name: 'Filter Judge' }).click();
  const judgeMenu = page.getByRole('dialog', { name: 'Filter Judge' });
  const facet = (value: string) => judgeMenu.locator('.check-row').filter({ has: page.getByText(value, { exact: true }) });
  await expect(facet('pass')).toContainText(String(conduct.passes));
  await expect(facet('fail')).toContainText(String(conduct.failures));
  await expect(facet('ungraded')).toHaveCount(0);
  await shot(page, 'conduct-verdicts-judge-filter');
  await judgeMenu.getByRole('checkbox', { name: new RegExp(`^fail ${conduct.failures}$`) }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: `${conduct.failures} of 40 conversations` })).toBeVisible();
  for (const row of await grid
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .all())
    await expect(row).toContainText('fail conduct checks');
  // Sorted by reward, highest first: the passes lead.
  await page.getByRole('button', { name: 'Remove the Judge filter' }).click();
  const rewardHeader = grid.getByRole('columnheader', { name: /Reward/ });
  await rewardHeader.getByRole('button').click();
  await expect(rewardHeader).toHaveAttribute('aria-sort', /ascending|descending/);
  if ((await rewardHeader.getAttribute('aria-sort')) === 'ascending') await rewardHeader.getByRole('button').click();
  await expect(rewardHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText('1.00');
  await shot(page, 'conduct-verdicts-by-reward');
});

test('grade a run from the Run screen, see the verdicts in the table, label a row, a selection and a coverage cell, all signed', async ({
  page,
  studio,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const model = await startLocalModel();
  try {
    const runId = simulateRun(studio.dataDir, { rows: 24, seed: 4, grade: false });
    const judgeSpec = `compatible:phi-4@${model.openaiBaseUrl}`;

    // The Run screen's Grade panel: ungraded, said plainly (once) where the numbers will be.
    await page.goto(`${studio.url}#/runs/${runId}`);
    const panel = page.getByRole('region', { name: 'Grade', exact: true });
    await expect(panel.getByText('No grades yet: rows come back ungraded')).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Grading warnings' })).toHaveCount(0);
    await expect(panel.getByRole('radio', { name: /The run's judge model/ })).toBeDisabled();

    // A model typed with a slash is refused at the field, with the colon form to write instead; nothing starts.
    await panel.getByRole('radio', { name: 'A rubric judge on a model' }).check();
    const judgeField = panel.getByRole('textbox', { name: 'Judge model' });
    await judgeField.fill('openai/gpt-4.1-mini');
    await expect(panel.getByRole('alert')).toContainText('uses a slash');
    await expect(panel.getByRole('alert')).toContainText('openai:gpt-4.1-mini');
    await expect(judgeField).toHaveAttribute('aria-invalid', 'true');
    await panel.getByRole('button', { name: 'Grade', exact: true }).click();
    await expect(panel.getByRole('region', { name: 'Grading job' })).toHaveCount(0);
    await shot(page, 'grade-refused-slash');

    // The colon form grades: live progress from job-progress events, then Cancel keeps what was graded.
    await judgeField.fill(judgeSpec);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByLabel('Rubric (optional)')).toBeVisible();
    await panel.getByRole('button', { name: 'Grade', exact: true }).click();
    const job = panel.getByRole('region', { name: 'Grading job' });
    await expect(job.getByLabel('Grading status')).toHaveText('grading', { timeout: 60_000 });
    const graded = job.getByRole('progressbar', { name: 'Rows graded' });
    await expect.poll(async () => Number((await graded.getAttribute('aria-valuenow')) ?? 0), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect(graded).toHaveAttribute('aria-valuemax', '48');
    await shot(page, 'grade-progress');
    await job.getByRole('button', { name: 'Cancel grading' }).click();
    await expect(job.getByLabel('Grading status')).toHaveText('cancelled', { timeout: 60_000 });
    await expect(panel.getByRole('region', { name: 'Grading warnings' })).toContainText('The last grading was cancelled');
    await shot(page, 'grade-cancelled');

    // Again, to the end: the summary's warnings come above its numbers, every grade says who made it.
    await panel.getByRole('button', { name: 'Grade', exact: true }).click();
    await expect(job.getByLabel('Grading status')).toHaveText('completed', { timeout: 120_000 });
    await expect(job.getByLabel('Gradings done')).toHaveText('48 of 48 gradings');
    const summary = await callApi<{ judges: JudgeCounts[]; warnings: string[] }>(page, 'grades.summary', { run_id: runId });
    const rubric = summary.judges.find((judge) => judge.label_source === 'judge')!;
    expect(rubric.judge_key).toMatch(new RegExp(`^rubric@${judgeSpec.replaceAll('.', '\\.')}@`));
    expect(rubric).toMatchObject({ n_graded: 24, unjudged: 0 });
    expect(rubric.passes + rubric.failures).toBe(24);
    await expect(panel.getByLabel('Passing rows')).toHaveText(`${rubric.passes} / 24 graded`);
    const verdicts = panel.getByRole('table', { name: 'Verdicts by judge' });
    await expect(verdicts.getByRole('row')).toHaveCount(3);
    await expect(verdicts.getByRole('row', { name: new RegExp(`^${rubric.judge_key.replaceAll('.', '\\.')}`) })).toContainText(
      `24 / 24${rubric.passes}${rubric.failures}00`,
    );
    await expect(verdicts).toContainText('ok 24');
    const provenance = panel.getByRole('table', { name: 'Provenance' });
    await expect(provenance.getByRole('row', { name: /^rubric/ })).toContainText(judgeSpec);
    await expect(provenance.getByRole('row', { name: /^conduct/ })).toContainText('conduct');
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'grade-summary');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'grade-summary-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The conversations table shows the judge's verdicts and rewards: its Judge filter counts them.
    await page
      .getByRole('button', { name: /^Conversations/ })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: '24 conversations' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Conversations' });
    await expect(page.getByLabel('Grades')).toContainText('rubric');
    await expect(grid.getByRole('gridcell', { name: /^\d\.\d\d$/ }).first()).toBeVisible();
    await grid.getByRole('columnheader', { name: /Reward/ }).scrollIntoViewIfNeeded();
    await shot(page, 'grade-conversations');
    await page.getByRole('button', { name: 'Filter Judge' }).click();
    const judgeMenu = page.getByRole('dialog', { name: 'Filter Judge' });
    const facet = (value: string) => judgeMenu.locator('.check-row').filter({ has: page.getByText(value, { exact: true }) });
    if (rubric.passes > 0) await expect(facet('pass')).toContainText(String(rubric.passes));
    if (rubric.failures > 0) await expect(facet('fail')).toContainText(String(rubric.failures));
    await page.keyboard.press('Escape');

    // One row from the Conversation view, by its key. The name is asked once; typing it fires no shortcut.
    await page.goto(`${studio.url}#/runs/${runId}/conversations/${encodeURIComponent(`${runId}:5`)}`);
    const bar = page.getByRole('group', { name: 'Label this row' });
    await expect(bar).toBeVisible();
    await page.keyboard.press('f');
    const nameDialog = page.getByRole('dialog', { name: 'Who is labelling?' });
    await expect(nameDialog).toBeVisible();
    await nameDialog.getByLabel('Your name').pressSequentially(ANNOTATOR);
    await expect(nameDialog.getByLabel('Your name')).toHaveValue(ANNOTATOR);
    await nameDialog.getByRole('button', { name: 'Sign and label the row' }).click();
    await expect(nameDialog).toBeHidden();
    await expect(bar.getByRole('status')).toHaveText(`Saved: fail, signed ${ANNOTATOR}.`);
    await expect(bar.getByRole('button', { name: 'fail' })).toHaveAttribute('aria-pressed', 'true');
    const labelsPanel = page.getByRole('region', { name: 'Labels', exact: true });
    await expect(labelsPanel.getByRole('listitem')).toHaveCount(1);
    await expect(labelsPanel.getByRole('listitem').first()).toContainText(`fail${ANNOTATOR}human`);
    await expect(labelsPanel.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    // A second key relabels the row at once (the latest label counts; both are kept).
    await page.keyboard.press('u');
    await expect(bar.getByRole('status')).toHaveText(`Saved: unsure, signed ${ANNOTATOR}.`);
    await expect(labelsPanel.getByRole('listitem')).toHaveCount(2);
    await expect(labelsPanel.getByRole('listitem').first()).toContainText('unsure');
    await labelsPanel.scrollIntoViewIfNeeded();
    await shot(page, 'grade-conversation-label');

    // A selection in the table: the confirm step states N, and no name is asked again.
    await page.goto(`${studio.url}#/runs/${runId}/conversations`);
    await expect(page.getByRole('status').filter({ hasText: '24 conversations' })).toBeVisible();
    for (const index of [0, 1, 2]) await grid.getByRole('checkbox').nth(index).check();
    await expect(page.getByRole('status').filter({ hasText: '3 checked' })).toBeVisible();
    await page.getByRole('button', { name: 'Label 3 rows as simulator error' }).click();
    const confirm = page.getByRole('dialog', { name: 'Label 3 rows as simulator error?' });
    await expect(confirm).toContainText(`signed ${ANNOTATOR}`);
    await shot(page, 'grade-bulk-confirm');
    await confirm.getByRole('button', { name: 'Label 3 rows' }).click();
    const done = page.getByRole('dialog', { name: 'Labelled' });
    await expect(done).toContainText(`Labelled 3 rows as simulator error, signed ${ANNOTATOR}.`);
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(done).toBeHidden();
    await expect(grid.getByRole('row').nth(1)).toContainText('simulator error');
    await grid.getByRole('columnheader', { name: /Label/ }).scrollIntoViewIfNeeded();
    await shot(page, 'grade-bulk-labelled');

    // A coverage cell, from the cell panel: its rows are read, counted, confirmed.
    await page.goto(`${studio.url}#/runs/${runId}/coverage`);
    await page
      .getByRole('grid', { name: 'Tool × User stance' })
      .getByRole('gridcell', { name: /: planned, \d+ rows?, / })
      .first()
      .focus();
    const cellGroup = page.getByRole('region', { name: 'Fill a cell' }).getByRole('group', { name: /^Label \d+ rows?$/ });
    const cellRows = await numberIn(cellGroup);
    expect(cellRows).toBeGreaterThan(0);
    await cellGroup.getByRole('button', { name: /as pass$/ }).click();
    const cellConfirm = page.getByRole('dialog', { name: `Label ${cellRows} ${cellRows === 1 ? 'row' : 'rows'} as pass?` });
    await expect(cellConfirm).toContainText('in the coverage cell tool');
    await shot(page, 'grade-cell-confirm');
    await cellConfirm.getByRole('button', { name: /^Label \d+ rows?$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Labelled' })).toContainText(
      `Labelled ${cellRows} ${cellRows === 1 ? 'row' : 'rows'} as pass, signed ${ANNOTATOR}.`,
    );
    await page.getByRole('dialog', { name: 'Labelled' }).getByRole('button', { name: 'Close' }).click();

    // Every label landed in the store, signed, as the API reads them back.
    const { labels } = await callApi<{ labels: StoredLabel[] }>(page, 'labels.list', { run_id: runId });
    expect(labels).toHaveLength(2 + 3 + cellRows);
    expect(labels.every((label) => label.author === ANNOTATOR && label.kind === 'human')).toBe(true);
    expect(labels.slice(0, 2).map((label) => [label.row_id, label.label])).toEqual([
      [`${runId}:5`, 'fail'],
      [`${runId}:5`, 'unsure'],
    ]);
    expect(
      labels
        .filter((label) => label.label === 'simulator_error')
        .map((label) => label.row_id)
        .sort(),
    ).toEqual([`${runId}:0`, `${runId}:1`, `${runId}:2`]);
    expect(labels.filter((label) => label.label === 'pass')).toHaveLength(cellRows);

    // Rows whose latest label is a simulator error are left out of the Run screen's counts, which say so first.
    const latest = new Map(labels.map((label) => [label.row_id, label.label]));
    const excluded = [...latest.values()].filter((label) => label === 'simulator_error').length;
    expect(excluded).toBeGreaterThan(0);
    await page.goto(`${studio.url}#/runs/${runId}`);
    await expect(panel.getByLabel('Rows counted')).toHaveText(`${24 - excluded}`);
    await expect(panel.getByTitle('Rows labelled simulator_error: left out of every count here')).toHaveText(`+${excluded} left out`);
    await expect(panel.getByRole('region', { name: 'Grading warnings' })).toContainText(
      excluded === 1 ? '1 row labelled simulator_error is left out' : `${excluded} rows labelled simulator_error are left out`,
    );
    await shot(page, 'grade-summary-after-labels');
  } finally {
    await model.stop();
  }
});
