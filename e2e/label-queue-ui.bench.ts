/**
 * The labelling queue at 100,000 rows as a person feels it, in Chromium against browser mode
 * (`tsx e2e/label-queue-ui.bench.ts`, after `npm run build:renderer`): per queue order,
 * - label → next transcript: from the keydown that labels a row to the frame that shows the next row's heading and
 *   transcript;
 * - label → trust panel: from the same keydown to the frame whose trust panel shows the new n gold (the key pressed
 *   is one that changes the row's gold: pass on a row without gold, else the vote that ties it);
 * - next / previous: from a j or k keydown to the frame showing that row's transcript;
 * - order chosen → queue: from choosing the order in the picker to main's answer with its first page (right after
 *   the labels of the order before: the first page after a write);
 * - fast labelling: keys (chosen the same way) pressed 150 ms after each row appears; each key to its next
 *   transcript, and the last key to the trust panel's final n gold.
 * Timings, not assertions: the load average is printed with them. The last line is JSON for `npm run bench`.
 *
 *   tsx e2e/label-queue-ui.bench.ts                      stores 100,000 graded and labelled rows in a fresh folder
 *   tsx e2e/label-queue-ui.bench.ts --data-dir <dir>     builds the store there once and reuses it
 *   tsx e2e/label-queue-ui.bench.ts --rows 20000 --presses 8 --fast 12 --orders generated,unsure --annotator timer
 */
import { chromium, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freshDataDir, REPO_ROOT, startStudio, stopStudio } from './fixtures';
import { CHROMIUM_PATH } from './playwright.config';

const RUN_ID = 'bench';
const ORDERS = ['generated', 'disagreements', 'unsure', 'stratified'] as const;
type Order = (typeof ORDERS)[number];
const GOALS = { transcriptMs: 100, trustMs: 1_000 };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const rows = Number(option('rows') ?? 100_000);
const presses = Number(option('presses') ?? 8);
const fastPresses = Number(option('fast') ?? 12);
const orders = (option('orders')?.split(',') ?? [...ORDERS]) as Order[];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}
const worst = (values: readonly number[]) => (values.length === 0 ? Number.NaN : Math.max(...values));

/** Builds the graded and labelled run (main/test-support/labelled-bench-store) unless the folder has it; names the annotator. */
function prepareStore(dataDir: string, annotator: string): void {
  const script = `
    const { openLabelledBenchStore } = await import(${JSON.stringify(join(REPO_ROOT, 'main/test-support/labelled-bench-store.ts'))});
    const { setAnnotator } = await import(${JSON.stringify(join(REPO_ROOT, 'main/store/labels/labels-repository.ts'))});
    const store = openLabelledBenchStore({ runId: ${JSON.stringify(RUN_ID)}, count: ${rows}, keptDir: ${JSON.stringify(dataDir)}, folderPrefix: 'unused' });
    setAnnotator(store.context.db, ${JSON.stringify(annotator)});
    await store.close();`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (output.trim()) process.stdout.write(`${output.trim()}\n`);
}

type KeyFor = (ordinal: number) => Promise<['p' | 'f', number | null]>;

/**
 * The key to press on a row: pass or fail, whichever moves n gold (with the move), else pass (null: it cannot). Asked
 * of a child process that applies agreement's own rule (engine's `rowGold`) to the row's labels and settlement as
 * stored: e2e/ imports only e2e/ and shared/, and the rule must not be written twice.
 */
function startKeyOracle(dbPath: string, annotator: string): { keyFor: KeyFor; stop: () => void } {
  const script = `
    const { default: Database } = await import('better-sqlite3');
    const { rowGold } = await import(${JSON.stringify(join(REPO_ROOT, 'engine/grade/agreement/gold/row-gold.ts'))});
    const { createInterface } = await import('node:readline');
    const db = new Database(${JSON.stringify(dbPath)}, { readonly: true });
    const labelsOf = db.prepare('SELECT l.label, l.kind, l.author FROM labels l JOIN rows r ON r.id = l.row_id WHERE r.run_id = ? AND r.ordinal = ? ORDER BY l.id');
    const settledOf = db.prepare('SELECT a.label, a.author FROM adjudications a JOIN rows r ON r.id = a.row_id WHERE r.run_id = ? AND r.ordinal = ? ORDER BY a.id DESC LIMIT 1');
    for await (const line of createInterface({ input: process.stdin })) {
      const ordinal = Number(line);
      const labels = labelsOf.all(${JSON.stringify(RUN_ID)}, ordinal);
      const settled = settledOf.get(${JSON.stringify(RUN_ID)}, ordinal);
      const settlement = settled ? { label: settled.label === 'pass' ? 1 : 0, author: settled.author } : null;
      const hasGold = (list) => rowGold(list, settlement).gold !== null;
      const delta = (label) => Number(hasGold([...labels, { label, kind: 'human', author: ${JSON.stringify(annotator)} }])) - Number(hasGold(labels));
      const pass = delta('pass');
      const fail = delta('fail');
      process.stdout.write(JSON.stringify(pass !== 0 ? ['p', pass] : fail !== 0 ? ['f', fail] : ['p', null]) + '\\n');
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const keyFor: KeyFor = async (ordinal) => {
    child.stdin.write(`${ordinal}\n`);
    const answer = await answers.next();
    if (answer.done) throw new Error(`the key oracle ended before answering for row #${ordinal}`);
    return JSON.parse(answer.value) as ['p' | 'f', number | null];
  };
  return { keyFor, stop: () => child.kill() };
}

/** What is on screen: the row's ordinal (null while none), whether its transcript shows, and the panel's n gold. */
async function screen(page: Page): Promise<{ ordinal: number | null; hasTranscript: boolean; nGold: number | null }> {
  return page.evaluate(() => {
    const heading = document.querySelector('#row-panel-title')?.textContent ?? '';
    const cells = [...document.querySelectorAll('table[aria-label="Agreement"] tr')].find(
      (row) => row.querySelector('th')?.textContent === 'n gold',
    );
    const nGold = cells?.querySelector('td')?.firstChild?.textContent;
    return {
      ordinal: /#(\d+)/.test(heading) ? Number(/#(\d+)/.exec(heading)![1]) : null,
      hasTranscript: document.querySelector('ol[aria-label="Transcript"]') !== null,
      nGold: nGold ? Number(nGold.replace(/[^\d]/g, '')) : null,
    };
  });
}

/**
 * Arms a watcher in the page before a key: it notes the keydown's time, then on every animation frame checks whether
 * a row other than `from` shows with its transcript, and whether the panel shows n gold `gold` (when given).
 */
async function arm(page: Page, from: number, gold: number | null): Promise<void> {
  await page.evaluate(
    ({ from, gold }) => {
      const state: { keyAt: number | null; transcriptMs: number | null; trustMs: number | null; shown: number | null } = {
        keyAt: null,
        transcriptMs: null,
        trustMs: null,
        shown: null,
      };
      const onKey = (event: KeyboardEvent) => {
        if (state.keyAt === null) state.keyAt = event.timeStamp;
      };
      window.addEventListener('keydown', onKey, { capture: true });
      const read = () => {
        const heading = document.querySelector('#row-panel-title')?.textContent ?? '';
        const ordinal = /#(\d+)/.test(heading) ? Number(/#(\d+)/.exec(heading)![1]) : null;
        const cells = [...document.querySelectorAll('table[aria-label="Agreement"] tr')].find(
          (row) => row.querySelector('th')?.textContent === 'n gold',
        );
        const nGold = cells?.querySelector('td')?.firstChild?.textContent;
        return {
          ordinal,
          hasTranscript: document.querySelector('ol[aria-label="Transcript"]') !== null,
          nGold: nGold ? Number(nGold.replace(/[^\d]/g, '')) : null,
        };
      };
      const done = new Promise<typeof state>((resolve) => {
        const started = performance.now();
        // Checked in each animation frame, just before it is drawn; timed with performance.now (a frame's own
        // timestamp is when the frame began, which can be before the key).
        const frame = () => {
          const now = performance.now();
          if (state.keyAt !== null) {
            const seen = read();
            if (state.transcriptMs === null && seen.ordinal !== null && seen.ordinal !== from && seen.hasTranscript) {
              state.transcriptMs = now - state.keyAt;
              state.shown = seen.ordinal;
            }
            if (gold !== null && state.trustMs === null && seen.nGold === gold) state.trustMs = now - state.keyAt;
          }
          const isDone = state.transcriptMs !== null && (gold === null || state.trustMs !== null);
          if (isDone || now - started > 20_000) {
            window.removeEventListener('keydown', onKey, { capture: true });
            resolve(state);
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      (window as unknown as { __watch: Promise<typeof state> }).__watch = done;
    },
    { from, gold },
  );
}

const watched = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __watch: Promise<{ transcriptMs: number | null; trustMs: number | null; shown: number | null }> }).__watch,
  );

/** Waits until the row, its transcript and the panel are on screen and nothing is on its way. */
async function settle(page: Page): Promise<{ ordinal: number; nGold: number }> {
  for (let tries = 0; tries < 400; tries += 1) {
    const seen = await screen(page);
    const isBusy = await page.evaluate(
      () => document.querySelector('[aria-labelledby="trust-title"]')?.getAttribute('aria-busy') === 'true',
    );
    if (seen.ordinal !== null && seen.hasTranscript && seen.nGold !== null && !isBusy) {
      await page.waitForTimeout(400);
      const again = await screen(page);
      if (again.ordinal === seen.ordinal && again.nGold === seen.nGold) return { ordinal: seen.ordinal, nGold: seen.nGold };
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the queue never settled');
}

interface OrderFigures {
  order: Order;
  /** From choosing the order to main's answer with its first page (null: the order was already chosen). */
  switchMs: number | null;
  transcript: number[];
  trust: number[];
  move: number[];
  fastTranscript: number[];
  fastTrust: number | null;
  missed: number;
}

async function measureOrder(page: Page, keyFor: KeyFor, url: string, order: Order): Promise<OrderFigures> {
  await page.goto(`${url}#/runs/${RUN_ID}/label`);
  await page.getByRole('heading', { name: 'Label', exact: true }).waitFor();
  await settle(page);
  const picker = page.getByRole('combobox', { name: 'Order' });
  // The order chosen: timed to main's answer with its first page (the row on screen stays, keys off, until then).
  let switchMs: number | null = null;
  if ((await picker.inputValue()) !== order) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/labels.queue'));
    const started = Date.now();
    await picker.selectOption(order);
    await answered;
    switchMs = Date.now() - started;
  }
  await page.waitForFunction((wanted) => (document.querySelector('select') as HTMLSelectElement | null)?.value === wanted, order);
  const figures: OrderFigures = { order, switchMs, transcript: [], trust: [], move: [], fastTranscript: [], fastTrust: null, missed: 0 };
  // A calm person: each key, then the next row and the panel's new numbers, before the next key.
  for (let press = 0; press < presses; press += 1) {
    const { ordinal, nGold } = await settle(page);
    const [key, delta] = await keyFor(ordinal);
    await arm(page, ordinal, delta === null ? null : nGold + delta);
    await page.keyboard.press(key);
    const result = await watched(page);
    if (result.transcriptMs === null || (delta !== null && result.trustMs === null)) figures.missed += 1;
    if (result.transcriptMs !== null) figures.transcript.push(result.transcriptMs);
    if (result.trustMs !== null) figures.trust.push(result.trustMs);
  }
  // Back and forth.
  for (const key of ['k', 'k', 'j', 'j', 'j']) {
    const { ordinal } = await settle(page);
    await arm(page, ordinal, null);
    await page.keyboard.press(key);
    const result = await watched(page);
    if (result.transcriptMs === null) figures.missed += 1;
    else figures.move.push(result.transcriptMs);
  }
  // A fast person: a key 150 ms after each row shows.
  const settled = await settle(page);
  let ordinal = settled.ordinal;
  let expected = settled.nGold;
  for (let press = 0; press < fastPresses; press += 1) {
    const [key, delta] = await keyFor(ordinal);
    expected += delta ?? 0;
    // The last key is timed to the panel only when it moves n gold (else the panel may show the total already).
    const isLast = press === fastPresses - 1 && delta !== null;
    await arm(page, ordinal, isLast ? expected : null);
    await page.waitForTimeout(150);
    await page.keyboard.press(key);
    const result = await watched(page);
    if (result.transcriptMs === null || result.shown === null) {
      figures.missed += 1;
      break;
    }
    figures.fastTranscript.push(result.transcriptMs);
    if (isLast) figures.fastTrust = result.trustMs;
    if (isLast && result.trustMs === null)
      process.stdout.write(`  (${order}: the panel never showed n gold ${expected}; it shows ${(await screen(page)).nGold})\n`);
    ordinal = result.shown;
  }
  return figures;
}

const fmt = (value: number | null) => (value === null || Number.isNaN(value) ? '–' : value.toFixed(0));

async function main(): Promise<void> {
  const givenDir = option('data-dir');
  const dataDir = givenDir ?? freshDataDir();
  const isKept = givenDir !== undefined || process.argv.includes('--keep');
  // One name across runs on a kept folder (each run labels further along; authors don't pile up in the trust panel).
  const annotator = option('annotator') ?? 'timer';
  prepareStore(dataDir, annotator);
  const { studio, process: server } = await startStudio(dataDir);
  const oracle = startKeyOracle(join(dataDir, 'while-studio.sqlite'), annotator);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const loadBefore = loadavg();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript('window.__name = (fn) => fn;');
    const results: OrderFigures[] = [];
    for (const order of orders) results.push(await measureOrder(page, oracle.keyFor, studio.url, order));
    const load = [...loadBefore, ...loadavg()].map((value) => value.toFixed(2));
    const lines = [
      `Labelling queue UI: ${rows.toLocaleString('en')} rows, Chromium, browser mode (load average ${load.slice(0, 3).join(' ')} before, ${load.slice(3).join(' ')} after${isKept ? `; data kept in ${dataDir}` : ''})`,
      '  order          label→transcript median/worst   label→trust median/worst   j/k→transcript median/worst   fast: transcript median/worst, last key→trust   order chosen→queue',
      ...results.map(
        (figures) =>
          `  ${figures.order.padEnd(14)} ${fmt(median(figures.transcript)).padStart(6)} / ${fmt(worst(figures.transcript)).padEnd(6)} ms          ` +
          `${fmt(median(figures.trust)).padStart(6)} / ${fmt(worst(figures.trust)).padEnd(6)} ms      ` +
          `${fmt(median(figures.move)).padStart(6)} / ${fmt(worst(figures.move)).padEnd(6)} ms           ` +
          `${fmt(median(figures.fastTranscript))} / ${fmt(worst(figures.fastTranscript))} ms, ${fmt(figures.fastTrust)} ms`.padEnd(51) +
          `${fmt(figures.switchMs)} ms` +
          (figures.missed > 0 ? `  (${figures.missed} not seen within 20 s)` : ''),
      ),
      ...results.map(
        (figures) =>
          `  samples ${figures.order}: transcript ${figures.transcript.map(fmt).join(', ')}; trust ${figures.trust.map(fmt).join(', ')}; move ${figures.move.map(fmt).join(', ')}; fast ${figures.fastTranscript.map(fmt).join(', ')}`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const figure = (name: string, measured: number, goal: number) => ({
      name: `label queue ui ${rows.toLocaleString('en')} rows: ${name}`,
      measured,
      unit: 'ms',
      reference: goal,
      reference_name: 'goal',
      ratio: measured / goal,
      goal: `< ${goal} ms`,
      met: measured < goal,
    });
    const json = results.flatMap((figures) => [
      figure(`${figures.order} label to next transcript (median)`, median(figures.transcript), GOALS.transcriptMs),
      figure(
        `${figures.order} label to next transcript (worst)`,
        worst([...figures.transcript, ...figures.fastTranscript]),
        GOALS.transcriptMs,
      ),
      figure(`${figures.order} label to trust panel (median)`, median(figures.trust), GOALS.trustMs),
      figure(`${figures.order} label to trust panel (worst)`, worst(figures.trust), GOALS.trustMs),
    ]);
    process.stdout.write(`${JSON.stringify({ bench: 'label-queue-ui', rows, load_average: loadavg(), results: json })}\n`);
  } finally {
    oracle.stop();
    await browser.close();
    await stopStudio(server);
    if (!isKept) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`The labelling queue UI benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
