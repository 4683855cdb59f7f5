import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Message } from '../shared/domain';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, startStudio, stopStudio, test } from './fixtures';
import { forgetGrades } from './seed-store';

const DESCRIBE = 'a support agent that refunds orders only after confirming the amount';

function simulate(dataDir: string): string {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, 'simulate', '--describe', DESCRIBE, '--rows', '80', '--seed', '3'],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  const runId = /Run (run_\w+)/.exec(output)?.[1];
  if (!runId) throw new Error(`no run id in the CLI's output:\n${output}`);
  return runId;
}

interface Graded {
  stance: string;
  firedText: string;
  searchWord: string;
}

/**
 * Grades row 0 as the grading step would (a conduct grade pointing at its last reply's first sentence, a judge
 * grade with provenance) and gives it a human label, so the table and the conversation have verdicts to show.
 */
function gradeFirstRow(dataDir: string, runId: string): Graded {
  const db = new Database(join(dataDir, 'while-studio.sqlite'));
  try {
    const { body, stance } = db.prepare('SELECT body, stance FROM rows WHERE run_id = ? AND ordinal = 0').get(runId) as {
      body: string;
      stance: string;
    };
    const messages = (JSON.parse(body) as { messages: Message[] }).messages;
    const index = messages.findLastIndex((message) => message.role === 'assistant' && message.content.length > 0);
    const reply = messages[index]!.content;
    const end = reply.search(/[.!?](\s|$)/) + 1 || reply.length;
    const insert = db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, unsure, span, judge_meta, provenance, created_at)
       VALUES (?, ?, ?, ?, 'ok', ?, ?, ?, 0, ?, ?, ?, '2026-01-01T00:00:00.000Z')`,
    );
    insert.run(
      `${runId}:0`,
      runId,
      0,
      'The reply declares the order settled before any tool confirmed it.',
      'conduct',
      'conduct',
      'action_without_call',
      JSON.stringify({ message_index: index, start: 0, end }),
      JSON.stringify({ rule: 'action_without_call' }),
      JSON.stringify({ judge: 'conduct', model: null, rubric_hash: null, settings: {}, version: '1' }),
    );
    insert.run(
      `${runId}:0`,
      runId,
      0.25,
      'It skipped the confirmation the policy asks for.',
      'judge',
      'rubric-judge',
      'skipped_confirmation',
      null,
      '{}',
      JSON.stringify({
        judge: 'rubric-judge',
        model: 'offline-rubric',
        rubric_hash: 'r-5f2a9c',
        settings: { temperature: 0 },
        version: '2',
      }),
    );
    db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, 'fail', 'human', 'ana', 'agreed with the judge', '2026-01-02T00:00:00.000Z')`,
    ).run(`${runId}:0`, runId);
    const searchWord = reply
      .split(/[^A-Za-z]+/)
      .find((word) => word.length >= 6)!
      .toLowerCase();
    return { stance, firedText: reply.slice(0, end), searchWord };
  } finally {
    db.close();
  }
}

function countRows(dataDir: string, runId: string, stance: string, search: string): number {
  const db = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM rows WHERE run_id = ? AND stance = ? AND rowid IN (SELECT rowid FROM row_search WHERE row_search MATCH ?)`,
        )
        .get(runId, stance, `"${search}"*`) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Conversations' });
const bodyRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

test('a person filters, searches, sorts and reads conversations, and finds the table as they left it after a restart', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const runId = simulate(dataDir);
  // The table as a run nothing graded yet shows it, then one row graded twice.
  forgetGrades(dataDir, runId);
  const graded = gradeFirstRow(dataDir, runId);
  let server = await startStudio(dataDir);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.studio.url}#/runs/${runId}/conversations`);
    await expect(grid(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '80 conversations' })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText(graded.stance);
    await expect(page.getByLabel('Grades')).toContainText('Conduct checks 1 of 80 rows');
    await shot(page, 'conversations-table');

    // Filter by an axis from the column's menu of values.
    await page.getByRole('button', { name: 'Filter Stance' }).click();
    const menu = page.getByRole('dialog', { name: 'Filter Stance' });
    const option = menu.getByRole('checkbox', { name: new RegExp(`^${graded.stance} \\d+$`) });
    const stanceCount = Number((await option.locator('xpath=..').innerText()).match(/(\d+)\s*$/)![1]);
    await option.check();
    await expect(page.getByRole('status').filter({ hasText: `${stanceCount} of 80 conversations` })).toBeVisible();
    await shot(page, 'conversations-filter-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`stance=${graded.stance}`));
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Stance: ${graded.stance}`);
    for (const row of await bodyRows(page).all()) await expect(row).toContainText(graded.stance);

    // Open the first row with the keyboard; read it; step to the next and back.
    await grid(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(grid(page)).toHaveAttribute('aria-activedescendant', 'conversation-row-1');
    await expect(page.locator('#conversation-row-1')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(grid(page)).toHaveAttribute('aria-activedescendant', 'conversation-row-0');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Conversation #0' })).toBeVisible();
    await expect(page.getByText(`1 of ${stanceCount}`)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Tool call / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Persona' })).toContainText('The aside the user writer saw');
    await expect(page.getByRole('region', { name: 'Persona' })).toContainText(graded.stance);
    const mark = page.locator('mark.conduct-mark');
    await expect(mark).toHaveText(graded.firedText);
    await expect(page.getByRole('region', { name: 'Grades' })).toContainText('action_without_call');
    await expect(page.getByRole('region', { name: 'Grades' })).toContainText('r-5f2a9c');
    await expect(page.getByRole('region', { name: 'Labels' })).toContainText('ana');
    await page.getByRole('button', { name: /Show the text that fired it/ }).click();
    await expect(mark).toBeInViewport();
    await shot(page, 'conversation-graded');
    await page.keyboard.press('j');
    await expect(page.getByText(`2 of ${stanceCount}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Conversation #[1-9]\d*$/ })).toBeVisible();
    await shot(page, 'conversation-next');
    await page.keyboard.press('k');
    await expect(page.getByRole('heading', { name: 'Conversation #0' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(grid(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`stance=${graded.stance}`));

    // Search inside the filter.
    const matching = countRows(dataDir, runId, graded.stance, graded.searchWord);
    await page.getByLabel('Search conversations').fill(graded.searchWord);
    await expect(page.getByRole('status').filter({ hasText: `${matching} of 80 conversation` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${graded.searchWord}`));

    // Sort by turns: a number column sorts largest first, then smallest first.
    const turnsHeader = page.getByRole('columnheader', { name: /Turns/ });
    await turnsHeader.getByRole('button', { name: 'Turns' }).click();
    await expect(turnsHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('columnheader', { name: /#/ })).not.toHaveAttribute('aria-sort');
    const turnsIndex = await page
      .getByRole('columnheader')
      .evaluateAll((headers) => headers.findIndex((header) => header.textContent?.trim() === 'Turns'));
    const turns = await bodyRows(page).evaluateAll(
      (rows, index) => rows.map((row) => Number(row.children[index]?.textContent)),
      turnsIndex,
    );
    expect(turns).toEqual([...turns].sort((a, b) => b - a));

    // Choose columns: hide the prompt, show the scenario.
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Prompt' }).uncheck();
    await chooser.getByRole('checkbox', { name: 'Scenario' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: /Scenario/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Prompt/ })).toHaveCount(0);
    await shot(page, 'conversations-filtered-sorted');

    // Restart on the same data folder: columns, filters, search and sort are kept.
    await stopStudio(server.process);
    server = await startStudio(dataDir);
    await page.goto(`${server.studio.url}#/runs/${runId}/conversations`);
    await expect(page).toHaveURL(new RegExp(`stance=${graded.stance}.*q=${graded.searchWord}`));
    await expect(page.getByRole('status').filter({ hasText: `${matching} of 80 conversation` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Stance: ${graded.stance}`);
    await expect(page.getByLabel('Search conversations')).toHaveValue(graded.searchWord);
    await expect(page.getByRole('columnheader', { name: /Turns/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('columnheader', { name: /Scenario/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Prompt/ })).toHaveCount(0);
    await shot(page, 'conversations-after-restart');
  } finally {
    await stopStudio(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a link from the coverage screen opens the table filtered, and an empty result says so', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const runId = simulate(studio.dataDir);
  await page.goto(`${studio.url}#/runs/${runId}/conversations?stance=hurried&tool=no_such_tool`);
  await expect(page.getByRole('status').filter({ hasText: 'No conversation matches' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Tool: no_such_tool');
  await shot(page, 'conversations-empty-filter');
  // Under the headers that stay, the filters that emptied the table, each with a way to remove it.
  await expect(grid(page).getByRole('button', { name: 'Filter Tool', exact: true })).toBeVisible();
  const emptied = page.getByRole('list', { name: 'What emptied the table' });
  await expect(emptied).toContainText('Stance: hurried');
  await emptied.getByRole('listitem').filter({ hasText: 'Tool: no_such_tool' }).getByRole('button', { name: 'Remove it' }).click();
  await expect(page).toHaveURL(/stance=hurried/);
  await expect(page).not.toHaveURL(/tool=/);
  await expect(grid(page)).toBeVisible();
  for (const row of await bodyRows(page).all()) await expect(row).toContainText('hurried');
});

test('back from a conversation the keyboard is on the row it opened, where the table was; a long paste searches its start', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000);
  const runId = simulate(studio.dataDir);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${studio.url}#/runs/${runId}/conversations`);
  await expect(page.getByRole('status').filter({ hasText: '80 conversations' })).toBeVisible();
  const table = grid(page);
  await table.focus();
  for (let step = 0; step < 30; step += 1) await page.keyboard.press('ArrowDown');
  await expect(table).toHaveAttribute('aria-activedescendant', 'conversation-row-30');
  const scrollTop = await table.evaluate((element) => element.scrollTop);
  expect(scrollTop).toBeGreaterThan(0);

  // Enter opens row #30; Escape comes back with the keyboard on it and the table scrolled as it was.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Conversation #30' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(table).toBeFocused();
  await expect(table).toHaveAttribute('aria-activedescendant', 'conversation-row-30');
  await expect(page.locator('#conversation-row-30')).toBeInViewport();
  expect(await table.evaluate((element) => element.scrollTop)).toBe(scrollTop);
  await shot(page, 'conversations-back-focus');

  // Stepping on to later rows in the conversation, Escape lands on the last one shown, scrolled into view.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Conversation #30' })).toBeFocused();
  for (const ordinal of [31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]) {
    await page.keyboard.press('j');
    await expect(page.getByRole('heading', { name: `Conversation #${ordinal}` })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(table).toBeFocused();
  await expect(table).toHaveAttribute('aria-activedescendant', 'conversation-row-45');
  await expect(page.locator('#conversation-row-45')).toBeInViewport();
  await page.keyboard.press('ArrowDown');
  await expect(table).toHaveAttribute('aria-activedescendant', 'conversation-row-46');

  // 5,000 pasted characters: the box keeps what a search can take, says so, and the table and saved query carry on.
  const pasted = 'refund '.repeat(715);
  const box = page.getByLabel('Search conversations');
  await box.focus();
  await box.fill(pasted);
  await expect(page.getByRole('status').filter({ hasText: 'Searching the first 200 characters only.' })).toBeVisible();
  expect((await box.inputValue()).length).toBe(200);
  await expect(page).toHaveURL(/q=refund/);
  await expect(page.getByRole('status').filter({ hasText: /of 80 conversations$/ })).toBeVisible();
  await expect(page.getByText(/Invalid input|could not be saved/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'conversations-long-search');
  const saved = await page.evaluate(async (key) => {
    const response = await fetch('/api/settings.get', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    return (await response.json()) as { ok: boolean; value: { value: { search: string } | null } };
  }, `conversations.filters.${runId}`);
  expect(saved.ok).toBe(true);
  expect(saved.value.value?.search.startsWith('refund refund')).toBe(true);
});

test('with 100,000 rows stored, the first page appears, a filter applies and the middle of the run scrolls into view', async ({ page }) => {
  test.setTimeout(900_000);
  const dataDir = freshDataDir();
  execFileSync(process.execPath, ['--import', 'tsx', 'main/store/__fixtures__/store-many-rows.ts', dataDir, '100000', 'run_big'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 800_000,
  });
  const server = await startStudio(dataDir);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.studio.url}#/runs/run_big/conversations`);
    await expect(page.getByRole('status').filter({ hasText: '100,000 conversations' })).toBeVisible({ timeout: 60_000 });
    await expect(bodyRows(page).first().getByRole('gridcell').first()).toHaveText('0', { timeout: 30_000 });
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '100001');

    await page.getByRole('button', { name: 'Filter Stance' }).click();
    const hurried = page.getByRole('dialog', { name: 'Filter Stance' }).getByRole('checkbox', { name: /^hurried [\d,]+$/ });
    const count = (await hurried.locator('xpath=..').innerText()).match(/([\d,]+)\s*$/)![1]!;
    await hurried.check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: `${count} of 100,000 conversations` })).toBeVisible({ timeout: 30_000 });
    for (const row of (await bodyRows(page).all()).slice(0, 10)) await expect(row).toContainText('hurried');

    await grid(page).evaluate((element) => (element.scrollTop = element.scrollHeight / 2));
    const middle = Math.floor(Number(count.replaceAll(',', '')) / 2);
    await expect(grid(page).locator(`[aria-rowindex="${middle + 2}"]`)).toContainText('hurried', { timeout: 30_000 });
    await shot(page, 'conversations-100k');
  } finally {
    await stopStudio(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
