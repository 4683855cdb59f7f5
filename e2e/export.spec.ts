import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { filesUnder, readMetadataLines, readOpenAiLines, simulateRun, startLocalHub } from './export-support';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
const exportDialog = (page: Page) => page.getByRole('dialog', { name: 'Export' });
const figure = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const numberOf = async (locator: Locator) => Number((await locator.innerText()).replaceAll(',', ''));

function passingRows(dataDir: string, runId: string): number {
  const db = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
  try {
    const latest = '(SELECT reward FROM grades WHERE grades.row_id = rows.id ORDER BY grades.id DESC LIMIT 1)';
    return (db.prepare(`SELECT COUNT(*) AS n FROM rows WHERE run_id = ? AND ${latest} = 1`).get(runId) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Waits for the counts of the options as they are now, then reads one. */
async function previewed(dialog: Locator, label: string): Promise<number> {
  await expect(dialog.getByRole('region', { name: 'Before writing' })).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  return numberOf(figure(dialog, label));
}

test('export a filtered table as SFT after reading its counts, passes only from the Run screen, and push to the Hub with a token from Settings', async ({
  page,
  studio,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const runId = simulateRun(studio.dataDir, { rows: 60, seed: 4 });
  const hub = await startLocalHub();
  const refused: string[] = [];
  page.on(
    'console',
    (message) => message.type() === 'error' && message.text().includes('Content Security Policy') && refused.push(message.text()),
  );
  try {
    // The conversations table, filtered by an axis from its column menu.
    await page.goto(`${studio.url}#/runs/${runId}/conversations`);
    await expect(page.getByRole('status').filter({ hasText: '60 conversations' })).toBeVisible();
    await page.getByRole('button', { name: 'Filter Stance' }).click();
    const option = page.getByRole('dialog', { name: 'Filter Stance' }).getByRole('checkbox').first();
    const [stance, stanceCount] = (await option.locator('xpath=..').innerText()).trim().split(/\s+(?=\d+$)/) as [string, string];
    await option.check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: `${stanceCount} of 60 conversations` })).toBeVisible();

    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = exportDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Stance: ${stance}`);
    await expect(dialog.getByRole('radio', { name: 'SFT' })).toBeChecked();
    // SFT keeps to passes unless told otherwise; this export takes every row of the filter.
    const passesOnly = dialog.getByRole('checkbox', { name: /Passes only/ });
    await expect(passesOnly).toBeChecked();
    await passesOnly.uncheck();
    await dialog.getByRole('radio', { name: /OpenAI-compatible \(Together\/Fireworks\/Azure\)/ }).check();
    await dialog.getByRole('group', { name: 'Splits to write' }).getByRole('checkbox', { name: 'Eval' }).check();
    await dialog.getByLabel('Holdout share').fill('20');
    await dialog.getByLabel('Eval share').fill('10');
    const folder = mkdtempSync(join(tmpdir(), 'while-e2e-export-'));
    await dialog.getByLabel('Folder', { exact: true }).fill(folder);

    // The counts and every warning come before anything is written.
    expect(await previewed(dialog, 'Selected rows')).toBe(Number(stanceCount));
    const evaluation = await numberOf(figure(dialog, 'Evaluation rows'));
    const splits = dialog.getByRole('table', { name: 'Lines per split' });
    await expect(splits.getByRole('row')).toHaveCount(5);
    const linesToWrite = await numberOf(dialog.getByLabel('Lines to write'));
    expect(linesToWrite).toBeGreaterThan(0);
    if (evaluation > 0) {
      await expect(dialog.getByRole('region', { name: 'Warnings' })).toContainText(
        evaluation === 1 ? '1 row is an evaluation row' : `${evaluation} rows are evaluation rows`,
      );
    }
    expect(await numberOf(figure(dialog, 'Tool-calling rows without schemas'))).toBe(0);
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
    await shot(page, 'export-options');

    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const result = dialog.getByRole('region', { name: 'Export result' });
    await expect(result).toContainText(`Wrote ${linesToWrite} lines to ${folder}`, { timeout: 60_000 });
    await expect(result.getByRole('list', { name: 'Files written' })).toContainText(join(folder, 'data', 'train.jsonl'));
    await shot(page, 'export-result');

    // Every split with a line has its file and its metadata beside it (an empty split has neither); every line is a chat
    // row with its tools and nothing else, and its metadata line carries its number.
    const files = filesUnder(folder).sort();
    const written = ['train', 'holdout', 'eval'].filter((split) => files.includes(`data/${split}.jsonl`));
    expect(files).toEqual(['README.md', ...written.flatMap((split) => [`data/${split}.jsonl`, `data/${split}.meta.jsonl`])].sort());
    const lines = written.flatMap((split) => readOpenAiLines(join(folder, 'data', `${split}.jsonl`)));
    expect(lines).toHaveLength(linesToWrite);
    for (const line of lines) expect(Object.keys(line)).toEqual(['messages', 'tools']);
    for (const split of written) {
      const metadata = readMetadataLines(join(folder, 'data', `${split}.meta.jsonl`));
      expect(metadata.map((entry) => entry.line)).toEqual(metadata.map((_, index) => index + 1));
    }
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // Rows checked in the table (a click, or Space on the focused row) export alone.
    const grid = page.getByRole('grid', { name: 'Conversations' });
    await grid.getByRole('checkbox').first().check();
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(grid.getByRole('checkbox').nth(1)).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: '2 checked' })).toBeVisible();
    // Ticking rows adds the label buttons and Clear: the toolbar stays on one line, even on a narrower window.
    await page.setViewportSize({ width: 1280, height: 1000 });
    const exportChecked = page.getByRole('button', { name: 'Export 2 checked…' });
    const searchBox = page.getByRole('searchbox');
    expect(Math.abs((await exportChecked.boundingBox())!.y - (await searchBox.boundingBox())!.y)).toBeLessThan(12);
    expect((await exportChecked.boundingBox())!.height).toBeLessThan(40);
    // The narrowed search box keeps its field inside it, clear of the count beside it.
    const searchField = (await searchBox.boundingBox())!;
    const searchFrame = (await searchBox.locator('xpath=..').boundingBox())!;
    expect(searchField.x + searchField.width).toBeLessThanOrEqual(searchFrame.x + searchFrame.width);
    await shot(page, 'conversations-checked-toolbar');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByRole('button', { name: 'Export 2 checked…' }).click();
    await expect(dialog).toContainText('2 conversations checked in the table.');
    await passesOnly.uncheck();
    expect(await previewed(dialog, 'Selected rows')).toBe(2);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    // A coverage cell: the square the fill panel is on.
    await page.goto(`${studio.url}#/runs/${runId}/coverage`);
    await page
      .getByRole('grid', { name: 'Tool × User stance' })
      .getByRole('gridcell', { name: /: planned, \d+ rows?, / })
      .first()
      .focus();
    await expect(page.getByRole('button', { name: 'Export this cell' })).toBeEnabled();
    const cellNow = await page.locator('.fill-cell-now').innerText();
    const cellRows = Number(/(\d+) rows?/.exec(cellNow)?.[1] ?? '0');
    await page.getByRole('button', { name: 'Export this cell' }).click();
    await expect(dialog).toContainText('The coverage cell Tool');
    await passesOnly.uncheck();
    expect(await previewed(dialog, 'Selected rows')).toBe(cellRows);
    await shot(page, 'export-cell');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The whole run of a graded run, from the Run screen, with the defaults: SFT writes only the rows that passed.
    await page.goto(`${studio.url}#/runs/${runId}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    await expect(dialog).toContainText('The whole run');
    await expect(passesOnly).toBeChecked();
    const passes = passingRows(studio.dataDir, runId);
    expect(passes).toBeLessThan(60);
    expect(await previewed(dialog, 'Selected rows')).toBe(passes);
    // A folder filled by hand (no export of the app's wrote it): the disk says which files would be replaced.
    const passesFolder = mkdtempSync(join(tmpdir(), 'while-e2e-passes-'));
    mkdirSync(join(passesFolder, 'data'));
    writeFileSync(join(passesFolder, 'data', 'train.jsonl'), '{"messages": []}\n');
    writeFileSync(join(passesFolder, 'README.md'), '# by hand\n');
    await dialog.getByLabel('Folder', { exact: true }).fill(passesFolder);
    await expect(dialog.getByRole('region', { name: 'Warnings' })).toContainText(
      'This folder already holds export files: this export replaces data/train.jsonl and README.md.',
    );
    await expect(dialog.getByRole('region', { name: 'Warnings' })).not.toContainText('trained on');
    await dialog.getByRole('region', { name: 'Warnings' }).scrollIntoViewIfNeeded();
    await shot(page, 'export-folder-replaces');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('region', { name: 'Export result' })).toContainText('Wrote', { timeout: 60_000 });
    const passLines = ['train', 'holdout'].flatMap((split) => readMetadataLines(join(passesFolder, 'data', `${split}.meta.jsonl`)));
    expect(passLines.length).toBeGreaterThan(0);
    for (const line of passLines) expect(line.reward).toBe(1);

    // Back at the options: the folder now holds that export, and with passes only off the failing rows SFT would
    // imitate are named first, above the numbers.
    await dialog.getByRole('button', { name: 'Back to the options' }).click();
    await passesOnly.uncheck();
    expect(await previewed(dialog, 'Selected rows')).toBe(60);
    const warnings = dialog.getByRole('region', { name: 'Warnings' }).getByRole('listitem');
    await expect(warnings.first()).toHaveText(/^[\d,]+ rows? fails? (their|its) grade and will be trained on\.$/);
    const failingInTrain = Number(/^[\d,]+/.exec(await warnings.first().innerText())![0].replaceAll(',', ''));
    await expect(dialog.getByRole('region', { name: 'Warnings' })).toContainText('This folder already holds an export of');
    await shot(page, 'export-passes-off-warning');
    // The first export's folder, emptied by hand: its stored record no longer makes a warning.
    rmSync(join(folder, 'data'), { recursive: true });
    rmSync(join(folder, 'README.md'));
    await dialog.getByLabel('Folder', { exact: true }).fill(folder);
    await expect(dialog.getByRole('region', { name: 'Warnings' })).not.toContainText('This folder already holds');
    // A file is not a folder: said at the field, and Export waits.
    await dialog.getByLabel('Folder', { exact: true }).fill(join(passesFolder, 'README.md'));
    await expect(dialog.getByRole('alert').filter({ hasText: `${join(passesFolder, 'README.md')} is a file, not a folder` })).toBeVisible();
    await expect(dialog.getByLabel('Folder', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'export-folder-is-file');
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    // A relative path would land wherever the server started: refused at the field, and Export waits.
    await dialog.getByLabel('Folder', { exact: true }).fill('relative/out');
    await expect(
      dialog.getByRole('alert').filter({ hasText: '“relative/out” is a relative path: type the full path of the export folder' }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Folder', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toHaveAttribute('title', /is a relative path/);
    await dialog.getByRole('alert').filter({ hasText: 'is a relative path' }).scrollIntoViewIfNeeded();
    await shot(page, 'export-folder-relative');
    await dialog.getByLabel('Folder', { exact: true }).fill(passesFolder);
    // So would a relative file to decontaminate against be read: refused at the field, and neither counted nor exported.
    const againstFiles = dialog.getByLabel('Files on this machine (one path per line)');
    await againstFiles.fill('bench/prompts.jsonl');
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: '“bench/prompts.jsonl” is a relative path: type the full path of the file to decontaminate against' }),
    ).toBeVisible();
    await expect(againstFiles).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('region', { name: 'Before writing' }).getByRole('status')).toHaveText(
      'The counts wait for the form: fix the field marked in red. The figures below are the last ones counted.',
    );
    await againstFiles.scrollIntoViewIfNeeded();
    await shot(page, 'export-decontaminate-relative');
    await againstFiles.fill('');
    await expect(dialog.getByRole('region', { name: 'Warnings' })).toContainText('This folder already holds an export of');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('region', { name: 'Export result' })).toContainText('Wrote', { timeout: 60_000 });
    const trained = readMetadataLines(join(passesFolder, 'data', 'train.meta.jsonl'));
    expect(trained.filter((line) => (line.reward ?? 0) < 1)).toHaveLength(failingInTrain);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // An RL environment package: an installable verifiers package with train and holdout tasks.
    await page.getByRole('button', { name: 'Export…' }).click();
    await dialog.getByRole('radio', { name: 'RL environment package' }).check();
    await expect(passesOnly).toBeDisabled();
    await expect(dialog.getByText('An RL environment learns from passes and failures side by side')).toBeVisible();
    const environmentFolder = join(mkdtempSync(join(tmpdir(), 'while-e2e-env-')), 'refund_env');
    await dialog.getByLabel('Package folder').fill(environmentFolder);
    await expect(dialog.getByRole('button', { name: 'Write the environment' })).toBeEnabled({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Write the environment' }).click();
    await expect(dialog.getByLabel('Environment package')).toHaveText(environmentFolder, { timeout: 60_000 });
    expect(filesUnder(environmentFolder)).toEqual(
      expect.arrayContaining([
        'pyproject.toml',
        'README.md',
        'refund_env/__init__.py',
        'refund_env/spec.json',
        'refund_env/data/train.jsonl',
      ]),
    );
    await shot(page, 'export-environment');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // No token yet (neither HF_TOKEN nor one in Settings): the push is off, and its button says why.
    if (!process.env.HF_TOKEN) {
      await page.getByRole('button', { name: 'Export…' }).click();
      await dialog.getByRole('radio', { name: 'Hugging Face Hub' }).check();
      await dialog.getByLabel('Repository', { exact: true }).fill('ana/no-token');
      await expect(dialog.getByText('No Hugging Face token: the push would fail.')).toBeVisible();
      const push = dialog.getByRole('button', { name: 'Export and push' });
      await expect(push).toBeDisabled();
      await expect(push).toHaveAttribute(
        'title',
        'No Hugging Face token: set one in Settings (or HF_TOKEN for the server) before pushing.',
      );
      await dialog.getByText('No Hugging Face token: the push would fail.').scrollIntoViewIfNeeded();
      await shot(page, 'export-hub-no-token');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // A token stored from the Settings screen, then a push to the (local) Hub: private by default, one commit.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('New token').fill('hf_e2eLocalHubToken');
    await page.getByRole('button', { name: 'Store token' }).click();
    await expect(page.getByLabel('Hugging Face token source')).toHaveText('Set here (in memory until the server stops)');
    await page.goto(`${studio.url}#/runs/${runId}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    await dialog.getByRole('radio', { name: 'Hugging Face Hub' }).check();
    // The blank repository is a hint until someone types in it or presses Export.
    const repository = dialog.getByLabel('Repository', { exact: true });
    await expect(dialog.getByRole('status').filter({ hasText: 'Type the Hub repository to push to (owner/name).' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(repository).not.toHaveAttribute('aria-invalid');
    await expect(dialog.getByText('A repository id reads owner/name')).toHaveCount(0);
    await shot(page, 'export-hub-blank');
    await expect(dialog.getByRole('button', { name: 'Export and push' })).toBeEnabled({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Export and push' }).click();
    await expect(repository).toHaveAttribute('aria-invalid', 'true');
    await expect(repository).toBeFocused();
    await expect(dialog.getByRole('alert').filter({ hasText: 'A repository id reads owner/name' })).toBeVisible();
    await shot(page, 'export-hub-refused');
    await expect(dialog.getByRole('button', { name: 'Export and push' })).toBeDisabled();
    await repository.fill('ana/refunds-e2e');
    await expect(dialog.getByRole('switch', { name: 'Private repository' })).toBeChecked();
    await dialog.getByLabel('Hub address').fill(hub.url);
    await expect(dialog.getByText('Pushes with the token set in Settings')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Export and push' })).toBeEnabled({ timeout: 30_000 });
    await shot(page, 'export-hub-options');
    await dialog.getByRole('button', { name: 'Export and push' }).click();
    const commit = dialog.getByLabel('Commit');
    await expect(commit).toHaveText(/^[0-9a-f]{40}$/, { timeout: 60_000 });
    await expect(dialog.getByLabel('Repository URL')).toHaveText(`${hub.url}/datasets/ana/refunds-e2e`);
    await shot(page, 'export-hub-pushed');
    const info = (await (
      await fetch(`${hub.url}/api/datasets/ana/refunds-e2e`, { headers: { Authorization: 'Bearer hf_e2eLocalHubToken' } })
    ).json()) as { sha: string; private: boolean };
    expect(info).toEqual({ id: 'ana/refunds-e2e', sha: await commit.innerText(), private: true });
    // The dialog works under the strict CSP: nothing it does is refused.
    expect(refused).toEqual([]);
  } finally {
    await hub.stop();
  }
});

// Writing a folder takes well under a second here, too fast to cancel by hand (the export service's own test cancels
// one midway); a push waits on the network, so the test cancels a push the local Hub keeps in flight.
test('cancelling a push in flight commits nothing to the Hub', async ({ page, studio }) => {
  // Every step waits on what the dialog shows; on a loaded 2-core machine the setup alone (server, run, Hub) can take
  // 40 s, so the test's budget covers the waits below rather than the default minute.
  test.setTimeout(180_000);
  const runId = simulateRun(studio.dataDir, { rows: 60, seed: 9, grade: false });
  const hub = await startLocalHub({ holdUploads: true });
  try {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${studio.url}#/settings`);
    await page.getByLabel('New token').fill('hf_e2eLocalHubToken');
    await page.getByRole('button', { name: 'Store token' }).click();
    await page.goto(`${studio.url}#/runs/${runId}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = exportDialog(page);
    // Each format of a run gets a folder of its own, so a second export never overwrites the first.
    const folderField = dialog.getByLabel('Folder', { exact: true });
    await expect(folderField).toHaveValue(new RegExp(`${runId}-openai$`));
    await dialog.getByRole('radio', { name: /TRL conversational/ }).check();
    await expect(folderField).toHaveValue(new RegExp(`${runId}-trl$`));
    // One rollout per situation: DPO has nothing to pair, says so, and offers the run again with repeats.
    await expect(dialog.getByRole('radio', { name: 'DPO' })).toBeDisabled();
    await expect(dialog.getByText('this run has one rollout per situation (repeats 1)')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'New run with repeats' })).toBeVisible();
    await shot(page, 'export-dpo-needs-repeats');
    // An ungraded run: DPO and GRPO name the missing grades first, and passes only does not apply to them.
    await dialog.getByRole('radio', { name: 'GRPO / RL' }).check();
    const passesOnly = dialog.getByRole('checkbox', { name: /Passes only/ });
    await expect(passesOnly).toBeDisabled();
    expect(await previewed(dialog, 'Selected rows')).toBe(60);
    const warnings = dialog.getByRole('region', { name: 'Warnings' }).getByRole('listitem');
    await expect(warnings.first()).toHaveText('60 rows are ungraded: grade the run before a GRPO export.');
    await expect(dialog.getByRole('region', { name: 'Warnings' })).not.toContainText(/(^|[^\d,])1 rows/);
    await shot(page, 'export-grpo-ungraded');
    // SFT keeps to passes, and an ungraded run has none; with passes only off, the ungraded rows are named.
    await dialog.getByRole('radio', { name: 'SFT' }).check();
    await expect(passesOnly).toBeChecked();
    expect(await previewed(dialog, 'Selected rows')).toBe(0);
    // Nothing would be written: said first, with the fix, and where Export would be pressed.
    const nothing =
      `Nothing to write for run ${runId}: no selected row has a full pass (reward 1). Fix: grade the run first, or take every row ` +
      '(--select all; "Passes only" off in the app).';
    await expect(warnings.first()).toHaveText(nothing);
    await expect(dialog.getByRole('status').filter({ hasText: nothing })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await passesOnly.uncheck();
    expect(await previewed(dialog, 'Selected rows')).toBe(60);
    await expect(warnings.first()).toHaveText(
      /^[\d,]+ rows? (are|is) ungraded: grade the run first or (they are|it is) trained on as (they are|it is)\.$/,
    );
    await dialog.getByRole('radio', { name: 'Hugging Face Hub' }).check();
    await dialog.getByLabel('Repository', { exact: true }).fill('ana/cancelled-push');
    await dialog.getByLabel('Hub address').fill(hub.url);
    await expect(dialog.getByRole('button', { name: 'Export and push' })).toBeEnabled({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Export and push' }).click();
    // The files are written and the push is under way: the dialog says so before anyone cancels it.
    await expect(dialog.getByRole('progressbar', { name: 'Push progress' })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('status').filter({ hasText: 'Pushing to ana/cancelled-push' })).toBeVisible();
    await shot(page, 'export-progress');
    await dialog.getByRole('button', { name: 'Cancel export' }).click();
    const cancelled = dialog.getByRole('region', { name: 'Export cancelled' });
    await expect(cancelled.or(dialog.getByRole('button', { name: 'Cancelling…' }))).toBeVisible();
    await expect(cancelled).toContainText('Cancelled during the push: nothing was committed to the Hub.', { timeout: 60_000 });
    await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeEnabled();
    await shot(page, 'export-cancelled');
    // The cancel can land before the repository is created (404) or after (a repository with no commit): nothing committed either way.
    const answer = await fetch(`${hub.url}/api/datasets/ana/cancelled-push`, { headers: { Authorization: 'Bearer hf_e2eLocalHubToken' } });
    expect([200, 404]).toContain(answer.status);
    const committed = answer.status === 404 ? null : ((await answer.json()) as { sha: string | null }).sha;
    expect(committed).toBeNull();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // "New run with repeats": the New run screen, filled from this run (the same spec and seed) with 4 repeats.
    await page.getByRole('button', { name: 'Export…' }).click();
    await dialog.getByRole('button', { name: 'New run with repeats' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'New run' })).toBeVisible();
    await expect(page.getByLabel('Repeats', { exact: true })).toHaveValue('4', { timeout: 30_000 });
    await shot(page, 'new-run-with-repeats');
  } finally {
    await hub.stop();
  }
});
