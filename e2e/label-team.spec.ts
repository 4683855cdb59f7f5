import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';
import { writeLineJudge } from './line-judge';

const DESCRIBE = 'a support agent that refunds orders only after confirming the amount';
const ROWS = 24;
const LONG_TURNS = 20;

function wai(dataDir: string, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** Row #0 becomes a 20-turn conversation (the simulator's run to 8 at most): a customer who keeps asking about a refund. */
function lengthenFirstRow(dataDir: string, runId: string): void {
  const messages = Array.from({ length: LONG_TURNS }, (_, turn) => [
    { role: 'user', content: `Turn ${turn + 1}: I still need the refund on ORD-2${turn}41. Can you check the amount again?` },
    { role: 'assistant', content: `Turn ${turn + 1}: the amount on ORD-2${turn}41 is $${40 + turn}.00. Shall I refund it now?` },
  ]).flat();
  const db = new Database(join(dataDir, 'while-studio.sqlite'));
  try {
    db.prepare(`UPDATE rows SET body = json_set(body, '$.messages', json(?)), turns = ? WHERE run_id = ? AND ordinal = 0`).run(
      JSON.stringify(messages),
      LONG_TURNS,
      runId,
    );
  } finally {
    db.close();
  }
}

/** A stored run with one long conversation, graded by the conduct checks and a module judge that fails every third row. */
function gradedRun(dataDir: string, scratch: string): string {
  const output = wai(dataDir, ['simulate', '--describe', DESCRIBE, '--rows', String(ROWS), '--seed', '3']);
  const runId = /Run (run_\w+)/.exec(output)?.[1];
  if (!runId) throw new Error(`no run id in the CLI's output:\n${output}`);
  lengthenFirstRow(dataDir, runId);
  const judge = writeLineJudge(scratch);
  wai(dataDir, ['grade', runId, '--judge', `module:${judge}`, '--version', '1', '--name', 'line-judge']);
  return runId;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
const progress = (page: Page) => page.getByRole('status', { name: 'Progress' });
const rowHeading = (page: Page, ordinal: number) => page.getByRole('heading', { name: `Row #${ordinal}`, exact: true });
const lastLabel = (page: Page) => page.getByRole('status', { name: 'Last label' });
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const scrollTop = (page: Page) => conversation(page).evaluate((element) => element.scrollTop);

/** Opens the queue and signs as `name` (the first label asks who is labelling). */
async function signAs(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Labelling as|No name/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is labelling?' });
  await dialog.getByRole('textbox').fill(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Annotator')).toHaveText(name);
}

test('blind by default, the whole conversation by keyboard, Esc out of every control, and undo', async ({ page, studio }) => {
  test.setTimeout(240_000);
  const scratch = mkdtempSync(join(tmpdir(), 'while-label-team-'));
  try {
    const runId = gradedRun(studio.dataDir, scratch);
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(`${studio.url}#/runs/${runId}/label`);
    await expect(rowHeading(page, 0)).toBeVisible();
    await signAs(page, 'Ana');

    // Blind by default: nothing of any judge shows on an unlabelled row.
    await expect(page.getByRole('checkbox', { name: 'Blind', exact: true })).toBeChecked();
    const verdict = page.getByRole('group', { name: 'Judge verdict' });
    await expect(verdict).toContainText('Blind: every judge');
    await expect(verdict).not.toContainText('line-judge@1');
    await expect(verdict).not.toContainText('It never confirmed the amount.');
    await shot(page, 'label-blind-before');

    // The 20-turn conversation by keyboard: End reaches its last turn, Home its first, the page and line keys between.
    const turns = page.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    await expect(turns.last()).not.toBeInViewport();
    await page.keyboard.press('End');
    await expect(turns.last()).toBeInViewport();
    await expect(turns.last()).toContainText(`Turn ${LONG_TURNS}:`);
    await page.keyboard.press('Home');
    await expect.poll(() => scrollTop(page)).toBe(0);
    await page.keyboard.press('PageDown');
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(300);
    const afterPage = await scrollTop(page);
    await page.keyboard.press('Space');
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(afterPage);
    const afterSpace = await scrollTop(page);
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => scrollTop(page)).toBe(afterPage);
    await page.keyboard.press('PageUp');
    await expect.poll(() => scrollTop(page)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(0);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => scrollTop(page)).toBe(0);
    expect(afterSpace).toBeGreaterThan(afterPage);
    await expect(rowHeading(page, 0)).toBeVisible();

    // Esc from each control gives the keys back to the conversation; label and move keys never change a control.
    const order = page.getByRole('combobox', { name: 'Order' });
    await order.focus();
    await page.keyboard.press('j');
    await expect(order).toHaveValue('generated');
    await expect(rowHeading(page, 1)).toBeVisible();
    await page.keyboard.press('k');
    await expect(rowHeading(page, 0)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(conversation(page)).toBeFocused();
    const blind = page.getByRole('checkbox', { name: 'Blind', exact: true });
    await blind.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(blind).toBeChecked();
    await expect(rowHeading(page, 0)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(conversation(page)).toBeFocused();
    const controls = [
      page.getByRole('combobox', { name: 'Judge' }),
      page.getByRole('textbox', { name: /Note/ }),
      page.getByRole('button', { name: /Shortcuts/ }),
      page.getByRole('button', { name: /Labelling as/ }),
      page.getByRole('button', { name: 'Next' }),
      page.getByRole('group', { name: 'Label this row' }).getByRole('button', { name: /Pass/ }),
    ];
    for (const control of controls) {
      await control.focus();
      await expect(control).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(conversation(page)).toBeFocused();
    }
    await expect(progress(page)).toContainText(`0 / ${ROWS} labelled`);

    // The Shortcuts sheet lists the transcript's keys, undo and Esc.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of ['Space or PageDown', 'Shift+Space or PageUp', 'Home', 'End', 'z or Ctrl+Z', 'Esc', 'Shift+P']) {
      await expect(sheet).toContainText(text);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // A label reveals the judge beside it, on the row it names; the next row is blind again.
    await page.keyboard.press('f');
    await expect(rowHeading(page, 1)).toBeVisible();
    await expect(lastLabel(page)).toContainText('Saved #0');
    await expect(lastLabel(page).getByLabel('The judge on this row')).toContainText('said');
    await expect(verdict).toContainText('Blind: every judge');
    await shot(page, 'label-blind-after');
    await page.keyboard.press('k');
    await expect(rowHeading(page, 0)).toBeVisible();
    await expect(verdict).not.toContainText('Blind: every judge');
    await page.keyboard.press('j');

    // Undo: z and Ctrl+Z take back this session's labels, newest first; the panel follows.
    await page.keyboard.press('p');
    await expect(progress(page)).toContainText(`2 / ${ROWS} labelled`);
    await expect(lastLabel(page)).toContainText('Saved #1');
    await page.keyboard.press('z');
    await expect(progress(page)).toContainText(`1 / ${ROWS} labelled`);
    await expect(lastLabel(page)).toContainText('Undid #1');
    await page.keyboard.press('Control+z');
    await expect(progress(page)).toContainText(`0 / ${ROWS} labelled`);
    await expect(lastLabel(page)).toContainText('Undid #0');
    await shot(page, 'label-undo');

    // The notice belongs to its queue: another order clears it.
    await page.keyboard.press('p');
    await expect(lastLabel(page)).toContainText('Saved');
    await order.selectOption('unsure');
    await expect(lastLabel(page)).not.toContainText('Saved');
    const trust = page.getByRole('region', { name: 'Judge trust' });
    await expect(trust).toContainText('1 of 1');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

/** Ana's and Cy's labels on rows 0-5: they split on #1 and #3. */
const ANA = ['p', 'p', 'f', 'p', 'f', 'p'];
const CY = ['p', 'f', 'f', 'f', 'f', 'p'];

test('two annotators disagree; the conflicts show in the table, its filter and the queue, and are settled from both views', async ({
  page,
  studio,
}) => {
  test.setTimeout(240_000);
  const scratch = mkdtempSync(join(tmpdir(), 'while-label-team-'));
  try {
    const runId = gradedRun(studio.dataDir, scratch);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${studio.url}#/runs/${runId}/label`);
    await expect(rowHeading(page, 0)).toBeVisible();
    for (const [name, keys] of [
      ['Ana', ANA],
      ['Cy', CY],
    ] as const) {
      await signAs(page, name);
      // The queue is read again for the new name, at their own first unlabelled row (Ana left it on her sixth).
      await expect(progress(page)).toContainText(`0 / ${ROWS} labelled`);
      await expect(progress(page)).toContainText(`1 of ${ROWS} in this order`);
      for (const [ordinal, key] of keys.entries()) {
        await expect(rowHeading(page, ordinal)).toBeVisible();
        await page.keyboard.press(key);
      }
      await expect(progress(page)).toContainText(`6 / ${ROWS} labelled`);
    }

    // Two conflicts: no gold there until someone settles, and the panel says so.
    const trust = page.getByRole('region', { name: 'Judge trust' });
    await expect(trust).toContainText('2 waiting for adjudication');
    await expect(page.getByRole('table', { name: 'Human-human agreement' })).toContainText('Ana × Cy');
    const order = page.getByRole('combobox', { name: 'Order' });
    // The order's counts are those of the queue's snapshot: choosing the order reads it again.
    await order.selectOption('conflicts');
    await expect(order.getByRole('option', { name: 'Conflicts first (2)' })).toBeAttached();
    await expect(rowHeading(page, 1)).toBeVisible();
    const annotators = page.getByRole('group', { name: 'Annotators' });
    await expect(annotators).toContainText('Ana');
    await expect(annotators).toContainText('Cy (you)');
    await shot(page, 'label-conflict');
    await page.keyboard.press('Shift+P');
    await expect(lastLabel(page)).toContainText('Settled #1');
    await expect(annotators).toContainText('Settled as pass by Cy');
    await expect(trust).toContainText('1 waiting for adjudication');

    // The table: a badge per annotator, the conflict marker, and the Label filter's "conflict".
    await page.goto(`${studio.url}#/runs/${runId}/conversations`);
    await expect(page.getByRole('status').filter({ hasText: `${ROWS} conversations` })).toBeVisible();
    await page.getByRole('button', { name: 'Filter Label' }).click();
    await page
      .getByRole('dialog', { name: 'Filter Label' })
      .getByRole('checkbox', { name: /^conflict \(annotators disagree\) 1$/ })
      .check();
    await expect(page.getByRole('status').filter({ hasText: `1 of ${ROWS} conversations` })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('gridcell') });
    await expect(row).toHaveCount(1);
    await expect(row.getByLabel('Ana: pass')).toBeVisible();
    await expect(row.getByLabel('Cy: fail')).toBeVisible();
    await expect(row).toContainText('conflict');
    await page.keyboard.press('Escape');
    await shot(page, 'conversations-conflict-filter');

    // The Conversation view, where the conflict is seen, settles it; the originals stay.
    await page.goto(`${studio.url}#/runs/${runId}/conversations/${encodeURIComponent(`${runId}:3`)}`);
    const settle = page.getByRole('group', { name: 'Settle the conflict' });
    await expect(settle).toBeVisible();
    await shot(page, 'conversation-conflict');
    await settle.getByRole('button', { name: 'Settle as fail' }).click();
    await expect(page.getByText('Settled as fail by Cy')).toBeVisible();
    const db = new Database(join(studio.dataDir, 'while-studio.sqlite'), { readonly: true });
    try {
      const labels = db.prepare('SELECT COUNT(*) AS n FROM labels WHERE run_id = ?').get(runId) as { n: number };
      expect(labels.n).toBe(12);
    } finally {
      db.close();
    }

    await page.goto(`${studio.url}#/runs/${runId}/label`);
    await expect(page.getByRole('region', { name: 'Judge trust' })).not.toContainText('waiting for adjudication');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
