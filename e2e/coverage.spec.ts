import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

const SENTENCE = 'a support agent that looks up orders and refunds them only after confirming';

function wai(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `wai simulate` offline into the app's data folder, then the conduct checks, as a person would from a terminal. */
function simulateAndGrade(dataDir: string): string {
  const output = wai(dataDir, 'simulate', '--describe', SENTENCE, '--rows', '60', '--seed', '4');
  const match = /^Run (run_\w+) \(/m.exec(output);
  if (!match) throw new Error(`wai simulate printed no run id:\n${output}`);
  wai(dataDir, 'grade', match[1]!);
  return match[1]!;
}

function readStore<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const count = (value: number) => value.toLocaleString('en-US');

test("the coverage of an offline run: figures, any pair of axes, a cell's conversations, and filling a cell", async ({ page, studio }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 1400 });
  const runId = simulateAndGrade(studio.dataDir);
  const recorded = readStore(studio.dataDir, (db) => {
    const row = db.prepare('SELECT pairwise FROM runs WHERE id = ?').get(runId) as { pairwise: string };
    return JSON.parse(row.pairwise) as { pairs_planned: number; pairs_covered: number; fraction: number };
  });
  const graded = readStore(studio.dataDir, (db) => {
    const latest = `(SELECT reward FROM grades WHERE grades.row_id = rows.id ORDER BY grades.id DESC LIMIT 1)`;
    return db.prepare(`SELECT COUNT(${latest}) AS graded, SUM(${latest} < 0.5) AS failing FROM rows WHERE run_id = ?`).get(runId) as {
      graded: number;
      failing: number;
    };
  });
  expect(graded.graded).toBe(60);

  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/runs/${runId}/coverage`);
  await expect(page.getByRole('heading', { name: 'Coverage', level: 1 })).toBeVisible();

  // The figures the screen recomputes from the stored rows are the ones the run recorded.
  await expect(page.getByLabel('Pairs covered', { exact: true })).toHaveText(
    `${count(recorded.pairs_covered)} / ${count(recorded.pairs_planned)} planned`,
  );
  await expect(page.getByLabel('Fraction', { exact: true })).toHaveText(`${(recorded.fraction * 100).toFixed(1)}%`);
  await expect(page.getByLabel('Rows', { exact: true })).toHaveText('n = 60');
  await expect(page.getByLabel('Failing', { exact: true })).toHaveText(`${graded.failing} / 60 graded`);
  // Why some pairs are not in pairs_planned, under the figures.
  const pairsNote = page.getByRole('region', { name: 'Pairs planned' });
  await expect(pairsNote).toContainText(`${count(recorded.pairs_planned)} of the `);
  await expect(pairsNote).toContainText('can never occur, because an unrelated ask touches no record and calls no tool');

  const toolByStance = page.getByRole('grid', { name: 'Tool × User stance' });
  await expect(toolByStance).toBeVisible();
  await expect(toolByStance.getByRole('gridcell')).toHaveCount(9 * 10);
  await expect(page.getByRole('region', { name: 'Policy coverage gap' })).toContainText('60 asks cover');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-tool-stance.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // A tooltip gives the numbers of the square under the pointer.
  const covered = toolByStance.getByRole('gridcell', { name: /: planned, \d+ rows?, / }).first();
  await covered.hover();
  await expect(page.getByRole('tooltip')).toContainText('Rows');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-tooltip.png') });

  // Any pair of axes: from the two selects, and from the overview of all fifteen.
  await page.getByLabel('Across').selectOption('rule');
  await page.getByLabel('Down').selectOption('history');
  const ruleByHistory = page.getByRole('grid', { name: 'Policy rule × History' });
  await expect(ruleByHistory).toBeVisible();
  await expect(ruleByHistory.getByRole('rowheader')).toHaveCount(5);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-rule-history.png'), fullPage: true });
  await page.getByRole('button', { name: /^World state × Tool condition:/ }).click();
  await expect(page.getByRole('grid', { name: 'World state × Tool condition' })).toBeVisible();
  await page.getByRole('button', { name: /^Tool × User stance:/ }).click();
  await expect(toolByStance).toBeVisible();

  // A square opens its conversations: the table's route with both axes as filters.
  await toolByStance
    .getByRole('gridcell', { name: /: planned, \d+ rows?, / })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}/conversations\\?`));
  const filters = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
  expect([...new Set(filters.keys())].sort()).toEqual(['stance', 'tool']);
  const inCell = readStore(
    studio.dataDir,
    (db) =>
      (
        db
          .prepare('SELECT COUNT(*) AS n FROM rows WHERE run_id = ? AND tool = ? AND stance = ?')
          .get(runId, filters.get('tool'), filters.get('stance')) as { n: number }
      ).n,
  );
  expect(inCell).toBeGreaterThan(0);

  await page.goBack();
  await expect(toolByStance).toBeVisible();

  // Fill this cell: the square follows the keyboard focus.
  await toolByStance.getByRole('gridcell').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const fill = page.getByRole('region', { name: 'Fill a cell' });
  expect([
    await fill.getByLabel('Tool', { exact: true }).inputValue(),
    await fill.getByLabel('User stance', { exact: true }).inputValue(),
  ]).toEqual(['search_orders', 'boundary']);

  // An empty square that can occur is chosen for filling by a click (no empty table), and the keyboard lands on Fill.
  const empty = toolByStance.getByRole('gridcell', { name: /: planned, no rows yet\.$/ }).first();
  const emptyName = (await empty.getAttribute('aria-label'))!;
  const [, tool, stance] = /^Tool (\S+), user stance (\S+):/.exec(emptyName)!;
  await empty.click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}/coverage`));
  await expect(fill.getByLabel('Tool', { exact: true })).toHaveValue(tool!);
  await expect(fill.getByLabel('User stance', { exact: true })).toHaveValue(stance!);
  await expect(fill.getByRole('button', { name: 'Fill this cell' })).toBeFocused();
  await fill.getByLabel('Budget (rows)').fill('12');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-fill.png'), fullPage: true });

  // The rows land in this run, and the square the person chose fills where they are looking.
  await fill.getByRole('button', { name: 'Fill this cell' }).click();
  await expect(fill.getByRole('status', { name: 'Fill progress' })).toHaveText(
    `Added 12 rows to this run in tool ${tool} · user stance ${stance}.`,
    { timeout: 90_000 },
  );
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}/coverage`));
  await expect(
    toolByStance.getByRole('gridcell', { name: new RegExp(`^Tool ${tool}, user stance ${stance}: planned, 12 rows`) }),
  ).toBeVisible();
  await expect(page.getByLabel('Rows', { exact: true })).toHaveText('n = 72');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'coverage-filled-in-place.png'), fullPage: true });

  const stored = readStore(studio.dataDir, (db) => ({
    runs: (db.prepare('SELECT COUNT(*) AS n FROM runs').get() as { n: number }).n,
    status: (db.prepare('SELECT status FROM runs WHERE id = ?').get(runId) as { status: string }).status,
    added: db.prepare('SELECT tool, stance, COUNT(*) AS n FROM rows WHERE run_id = ? AND ordinal >= 60 GROUP BY tool, stance').all(runId),
    ordinals: db.prepare('SELECT MIN(ordinal) AS first, MAX(ordinal) AS last, COUNT(*) AS n FROM rows WHERE run_id = ?').get(runId),
  }));
  expect(stored).toEqual({ runs: 1, status: 'completed', added: [{ tool, stance, n: 12 }], ordinals: { first: 0, last: 71, n: 72 } });
});

test('a run id that does not exist says so, with a way to try again', async ({ page, studio }) => {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/runs/run_missing/coverage`);
  await expect(page.getByRole('alert')).toContainText('There is no run run_missing.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
