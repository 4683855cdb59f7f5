import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, startStudio, stopStudio, test } from './fixtures';

/**
 * The first-day review's layout and wording items on one graded offline run: the Label view fits the window, the
 * conversations table leads with its verdicts and keeps its row numbers in view, search says where a row matched,
 * an opened conversation takes the keyboard focus, the coverage legend says what its red means, and the grade
 * summary speaks in words.
 */

const SENTENCE = 'a personal finance assistant that confirms before it moves money';

function wai(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

let dataDir = '';
let runId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = freshDataDir();
  // The server creates the store; the CLI then writes a run into it, as a person would from a terminal.
  const server = await startStudio(dataDir);
  await stopStudio(server.process);
  const output = wai(dataDir, 'simulate', '--describe', SENTENCE, '--rows', '80', '--seed', '5');
  runId = /^Run (run_\w+) \(/m.exec(output)?.[1] ?? '';
  if (!runId) throw new Error(`wai simulate printed no run id:\n${output}`);
  wai(dataDir, 'grade', runId);
});

async function withStudio(page: Page, hash: string, body: () => Promise<void>): Promise<void> {
  const server = await startStudio(dataDir);
  try {
    await page.goto(`${server.studio.url}${hash}`);
    await body();
  } finally {
    await stopStudio(server.process);
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** The page itself never scrolls: every view scrolls inside its own area, under a status bar that stays put. */
async function expectFitsWindow(page: Page): Promise<void> {
  const [documentHeight, windowHeight] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  expect(documentHeight).toBe(windowHeight);
}

test('the Label view fits the window at 1400x900 and 1024x700, its trust panel scrolling inside its column', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await withStudio(page, `#/runs/${runId}/label`, async () => {
    await expect(page.getByRole('heading', { name: 'Label', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Row #0', exact: true })).toBeVisible();
    // A few labels, so the trust panel grows its tables (the one that ran past the window).
    await page.keyboard.press('p');
    await page.getByRole('dialog', { name: 'Who is labelling?' }).waitFor();
    await page.keyboard.type('Rev');
    await page.keyboard.press('Enter');
    for (const [ordinal, key] of ['f', 'p', 'f', 'p', 'f', 'p', 'p'].entries()) {
      await expect(page.getByRole('heading', { name: `Row #${ordinal + 1}`, exact: true })).toBeVisible();
      await page.keyboard.press(key);
    }
    const trust = page.getByRole('region', { name: 'Judge trust' });
    await expect(trust.getByRole('table', { name: 'Confusion matrix' })).toBeVisible();
    await expectFitsWindow(page);
    await expect(page.getByRole('contentinfo', { name: 'Status' })).toBeInViewport();
    await shot(page, 'polish-label-1400');

    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(trust).toBeVisible();
    await expectFitsWindow(page);
    // The side column scrolls to the panel's last table instead of the page.
    await trust
      .getByRole('table', { name: 'Judges compared' })
      .or(trust.getByRole('table', { name: 'Confusion matrix' }))
      .last()
      .scrollIntoViewIfNeeded();
    await expectFitsWindow(page);
    await shot(page, 'polish-label-1024');
  });
});

const header = (page: Page, name: string) => page.getByRole('columnheader', { name }).first();
const headerNames = async (page: Page) => (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());

async function scrollLeftOf(grid: Locator): Promise<number> {
  return grid.evaluate((element) => element.scrollLeft);
}

test('the conversations table leads with the verdicts, keeps # in view, sorts in place, and says where a search matched', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await withStudio(page, `#/runs/${runId}/conversations`, async () => {
    const grid = page.getByRole('grid', { name: 'Conversations' });
    await expect(grid.getByRole('row').nth(1)).toContainText(/pass|fail/);
    // Verdicts right after the row number, on screen at 1024 px.
    expect((await headerNames(page)).slice(0, 6)).toEqual(['#', 'Conduct', 'Reward', 'Judge', 'Label', 'Prompt']);
    for (const name of ['Conduct', 'Reward', 'Judge', 'Label']) await expect(header(page, name)).toBeInViewport();
    await shot(page, 'polish-conversations-1024');

    // Scrolled sideways, # and the row's checkbox stay at the left edge.
    const gridBox = (await grid.boundingBox())!;
    await grid.evaluate((element) => {
      element.scrollLeft = 900;
    });
    const firstRow = grid.getByRole('row').nth(1);
    const numberCell = firstRow.getByRole('gridcell').first();
    await expect.poll(async () => Math.round((await numberCell.boundingBox())!.x - gridBox.x)).toBeLessThanOrEqual(2);
    await expect(firstRow.getByRole('checkbox')).toBeInViewport();
    await expect(header(page, '#')).toBeInViewport();
    await shot(page, 'polish-conversations-scrolled');

    // Sorting by Turns (its header pressed where it shows) keeps the table where it was sideways.
    const turns = header(page, 'Turns');
    const turnsLeft = await turns.evaluate((element) => (element as HTMLElement).offsetLeft);
    await grid.evaluate((element, to) => {
      element.scrollLeft = to - element.clientWidth / 2;
    }, turnsLeft);
    await expect(turns).toBeInViewport({ ratio: 0.5 });
    const before = await scrollLeftOf(grid);
    const box = (await turns.getByRole('button').first().boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + box.height / 2);
    await expect(turns).toHaveAttribute('aria-sort', /ascending|descending/);
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    expect(await scrollLeftOf(grid)).toBe(before);

    // A search says where each row matched: the turn, and the words around the match.
    await grid.evaluate((element) => {
      element.scrollLeft = 0;
    });
    await page.getByRole('searchbox', { name: 'Search conversations' }).or(page.getByLabel('Search conversations')).first().fill('confirm');
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    const prompt = grid.getByRole('row').nth(1).getByRole('gridcell').nth(5);
    await expect(prompt).toContainText(/^(User|Assistant) \d+ |call|answer|Final text/);
    await expect(prompt.locator('mark')).toHaveText(/^confirm$/i);
    await shot(page, 'polish-conversations-search');
  });
});

test('opening a conversation puts the keyboard focus on its heading', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await withStudio(page, `#/runs/${runId}/conversations`, async () => {
    const grid = page.getByRole('grid', { name: 'Conversations' });
    await grid.getByRole('row').nth(3).getByRole('gridcell').nth(5).click();
    const heading = page.getByRole('heading', { name: /^Conversation #\d+/, level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('main').getByRole('button', { name: 'Conversations', exact: true })).toBeInViewport({ ratio: 1 });
    await shot(page, 'polish-conversation-focus');
    // Stepping to the next row keeps the focus there, never dropping it on the page.
    const opened = await heading.innerText();
    await page.keyboard.press('j');
    await expect(heading).not.toHaveText(opened);
    await expect(heading).toBeFocused();
  });
});

test('the coverage legend says what the red encodes, and the shade follows the failing share', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await withStudio(page, `#/runs/${runId}/coverage`, async () => {
    const legend = page.getByRole('list', { name: 'Legend' });
    await expect(legend).toContainText('redder = larger share of graded rows failing');
    await expect(legend).not.toContainText('Rows (darker: more)');
    const map = page.getByRole('grid').first();
    await expect(map).toBeVisible();
    // Every failing square's red follows its share of graded rows failing, read back from its description.
    const squares = await map
      .getByRole('gridcell')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => cell.classList.contains('heatmap-failing'))
          .map((cell) => ({
            label: cell.getAttribute('aria-label') ?? '',
            mix: Number(getComputedStyle(cell).getPropertyValue('--fail-mix')),
          })),
      );
    expect(squares.length).toBeGreaterThan(0);
    const shares = squares.map((square) => {
      const match = /(\d+) graded rows?, (\d+) failing/.exec(square.label);
      return { share: match ? Number(match[2]) / Number(match[1]) : NaN, mix: square.mix };
    });
    // Redder with the share, and far apart when the shares are (1 of 20 never looks like 13 of 21).
    for (const a of shares) {
      for (const b of shares) {
        if (a.share > b.share) expect(a.mix).toBeGreaterThan(b.mix);
        if (a.share - b.share >= 0.3) expect(a.mix - b.mix).toBeGreaterThanOrEqual(20);
      }
    }
    await shot(page, 'polish-coverage');
  });
});

test('the grade summary names its columns in words', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await withStudio(page, `#/runs/${runId}`, async () => {
    const table = page.getByRole('table', { name: 'Verdicts by judge' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Judge status' })).toBeVisible();
    await expect(table).not.toContainText('judge_status');
  });
});
