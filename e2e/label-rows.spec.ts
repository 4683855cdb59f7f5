import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, startStudio, stopStudio, test } from './fixtures';
import { writeLineJudge } from './line-judge';

const DESCRIBE = 'a support agent that refunds orders only after confirming the amount';
const ROWS = 30;

function wai(dataDir: string | null, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', ...(dataDir ? ['--data-dir', dataDir] : []), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** A stored run graded by the conduct checks and a module judge that fails every third row (so both verdicts occur). */
function gradedRun(dataDir: string, scratch: string): string {
  const output = wai(dataDir, ['simulate', '--describe', DESCRIBE, '--rows', String(ROWS), '--seed', '3']);
  const runId = /Run (run_\w+)/.exec(output)?.[1];
  if (!runId) throw new Error(`no run id in the CLI's output:\n${output}`);
  const judge = writeLineJudge(scratch);
  wai(dataDir, ['grade', runId, '--judge', `module:${judge}`, '--version', '1', '--name', 'line-judge']);
  return runId;
}

/** The keys pressed on rows 0..19 of the queue (as generated); the judge fails ordinals 0, 3, 6, 9, 12, 15, 18. */
const KEYS = ['f', 'p', 'p', 'f', 'f', 'p', 'p', 'u', 'p', 'f', 's', 'p', 'f', 'e', 'p', 'f', 'p', 'f', 'f', 'p'] as const;
const PRESSED: Record<(typeof KEYS)[number], RegExp> = { p: /Pass/, f: /Fail/, u: /Unsure/, s: /Skip/, e: /Simulator error/ };
const NOTE = 'pass? fail? unsure: the user asked twice';
const NOTED_ROW = 5;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
const progress = (page: Page) => page.getByRole('status', { name: 'Progress' });
const rowHeading = (page: Page, ordinal: number) => page.getByRole('heading', { name: `Row #${ordinal}`, exact: true });
const pressedLabel = (page: Page) => page.getByRole('group', { name: 'Label this row' }).getByRole('button', { pressed: true });
const statCell = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Agreement' })
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .getByRole('cell')
    .first();

async function download(page: Page, button: string, path: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await downloading).saveAs(path);
  return readFileSync(path, 'utf8');
}

test('a person labels 20 rows by keyboard, finds them after a restart, and the panel’s kappa is what wai agreement computes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = freshDataDir();
  const scratch = mkdtempSync(join(tmpdir(), 'while-label-'));
  const runId = gradedRun(dataDir, scratch);
  let server = await startStudio(dataDir);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.studio.url}#/runs/${runId}/label`);
    await expect(page.getByRole('heading', { name: 'Label', exact: true })).toBeVisible();
    await expect(progress(page)).toContainText(`0 / ${ROWS} labelled`);
    await expect(progress(page)).toContainText(`1 of ${ROWS} in this order`);
    await expect(rowHeading(page, 0)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Judge trust' })).toContainText('Unmeasured');
    await expect(page.getByRole('region', { name: 'Judge trust' })).toContainText('Label 50 more to reach 50.');

    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toContainText('Simulator error, then the next row');
    await shot(page, 'label-shortcuts');
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    // No name is set: the first label asks for one, typed and saved with the keyboard, then the label is given.
    await page.keyboard.press(KEYS[0]);
    const nameDialog = page.getByRole('dialog', { name: 'Who is labelling?' });
    await expect(nameDialog).toBeVisible();
    await shot(page, 'label-name-dialog');
    await page.keyboard.type('Ana');
    await page.keyboard.press('Enter');
    await expect(nameDialog).toBeHidden();
    await expect(page.getByLabel('Annotator')).toHaveText('Ana');
    await expect(rowHeading(page, 1)).toBeVisible();

    for (let ordinal = 1; ordinal < KEYS.length; ordinal += 1) {
      await expect(rowHeading(page, ordinal)).toBeVisible();
      if (ordinal === NOTED_ROW) {
        // Keys typed into the note are text, not labels.
        await page.keyboard.press('n');
        await expect(page.getByRole('textbox', { name: /Note/ })).toBeFocused();
        await page.keyboard.type(NOTE);
        await expect(progress(page)).toContainText(`${NOTED_ROW} / ${ROWS} labelled`);
        await expect(rowHeading(page, NOTED_ROW)).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('textbox', { name: /Note/ })).not.toBeFocused();
      }
      await page.keyboard.press(KEYS[ordinal]!);
      if (ordinal === 10) await shot(page, 'label-queue');
    }
    await expect(progress(page)).toContainText(`20 / ${ROWS} labelled`);
    await expect(page.getByRole('status', { name: 'Last label' })).toContainText('Saved #19');
    // Pass/fail labels on judged rows, the simulator error left out: 17 pairs.
    await expect(page.getByRole('table', { name: 'Agreement' }).getByRole('row', { name: /^Cohen's kappa/ })).toContainText('n 17');
    const trust = page.getByRole('region', { name: 'Judge trust' });
    await expect(trust.getByRole('list', { name: 'Trust warnings' })).toContainText('label 33 more');
    await expect(trust).toContainText('Label 33 more to reach 50.');
    await expect(trust.getByRole('table', { name: 'Judges compared' })).toContainText('line-judge@1');
    await expect(trust.getByRole('table', { name: 'Judges compared' })).toContainText('conduct@1');
    await shot(page, 'label-trust');
    const panelKappa = Number(await statCell(page, "Cohen's kappa").innerText());
    const panelAgreement = (await statCell(page, 'agreement').innerText()).split(' ')[0];

    // The same numbers offline: the agreement file from the label view, read by `wai agreement`.
    const agreementFile = join(scratch, 'agreement.jsonl');
    const agreementText = await download(page, 'Agreement file', agreementFile);
    expect(agreementText.trim().split('\n')).toHaveLength(ROWS - 1);
    const computed = JSON.parse(wai(null, ['agreement', agreementFile, '--json'])) as { n: number; kappa: number; agreement: number };
    expect(computed.n).toBe(17);
    expect(panelKappa).toBe(computed.kappa);
    expect(Number(panelAgreement)).toBe(computed.agreement);

    const labelsCsv = await download(page, 'CSV', join(scratch, 'labels.csv'));
    const lines = labelsCsv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('row_id,rollout_id,label,author,kind,note,created_at');
    expect(lines).toHaveLength(21);
    expect(lines.find((line) => line.startsWith(`${runId}:${NOTED_ROW},`))).toContain(NOTE);
    expect(lines.slice(1).every((line) => line.includes(',Ana,human,'))).toBe(true);

    // Restart: the queue resumes at the first row without a label, and every label is there.
    await stopStudio(server.process);
    server = await startStudio(dataDir);
    await page.goto(`${server.studio.url}#/runs/${runId}/label`);
    await expect(progress(page)).toContainText(`20 / ${ROWS} labelled`);
    await expect(progress(page)).toContainText(`21 of ${ROWS} in this order`);
    await expect(rowHeading(page, 20)).toBeVisible();
    await expect(pressedLabel(page)).toHaveCount(0);
    await expect(statCell(page, "Cohen's kappa")).toHaveText(String(computed.kappa.toFixed(4)));
    await shot(page, 'label-after-restart');

    // Blind, as by default: the unlabelled row hides the judge; a labelled one shows it.
    await expect(page.getByRole('checkbox', { name: 'Blind', exact: true })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Judge verdict' })).toContainText('Blind: every judge');
    await shot(page, 'label-blind');
    for (let ordinal = KEYS.length - 1; ordinal >= 0; ordinal -= 1) {
      await page.keyboard.press('k');
      await expect(rowHeading(page, ordinal)).toBeVisible();
      await expect(pressedLabel(page)).toHaveText(PRESSED[KEYS[ordinal]!]);
      if (ordinal === NOTED_ROW) await expect(page.getByRole('textbox', { name: /Note/ })).toHaveValue(NOTE);
    }
    await expect(page.getByRole('group', { name: 'Judge verdict' })).toContainText('line-judge@1');
    await expect(page.getByRole('group', { name: 'Judge verdict' })).toContainText('It never confirmed the amount.');
    await page.getByRole('checkbox', { name: 'Blind', exact: true }).uncheck();

    // Labels in: a bad file stores nothing and names its line; a second person's file gives human-human agreement.
    const importer = page.getByLabel('Import labels (CSV or JSONL)');
    await importer.setInputFiles({
      name: 'cy.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`row_id,label,author\n${runId}:0,fail,Cy\n${runId}:1,maybe,Cy\n`),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'No labels stored' })).toContainText('line 3');
    // A spreadsheet saved as Latin-1 is refused in the app itself, naming the line and byte, before anything is sent.
    await importer.setInputFiles({
      name: 'cy-latin1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`row_id,label,author,note\n${runId}:0,fail,Cy,caf\u00e9\n`, 'latin1'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'not UTF-8' })).toContainText('cy-latin1.csv line 2: not UTF-8 (byte 0xE9');
    const cyLabels = KEYS.slice(0, 10).map((key, ordinal) =>
      JSON.stringify({ row_id: `${runId}:${ordinal}`, label: ordinal === 1 ? 'fail' : key === 'p' ? 'pass' : 'fail', author: 'Cy' }),
    );
    await importer.setInputFiles({ name: 'cy.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${cyLabels.join('\n')}\n`) });
    await expect(page.getByRole('status').filter({ hasText: 'Imported 10 labels by Cy' })).toBeVisible();
    const humans = page.getByRole('table', { name: 'Human-human agreement' });
    await expect(humans).toContainText('Ana × Cy');
    await page
      .getByRole('region', { name: 'Judge trust' })
      .getByRole('heading', { name: 'Human–human agreement' })
      .scrollIntoViewIfNeeded();
    await shot(page, 'label-human-agreement');
  } finally {
    await stopStudio(server.process);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
});
