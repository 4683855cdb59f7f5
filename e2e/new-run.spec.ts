import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const SENTENCE = 'a personal finance assistant that confirms before it moves money';
const NEW_RULE = 'Never read a full card number back to the person.';
/** A model on a local OpenAI-compatible server that is not up: no key needed, and the pre-flight's test call only warns. */
const LOCAL_MODEL = 'compatible:llama-3.1-8b@http://127.0.0.1:9/v1';

test('a new user describes, drafts, edits a rule, starts, and watches the run complete', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(studio.url);
  await page.getByRole('main').getByRole('button', { name: 'New run' }).click();
  await expect(page.getByRole('heading', { name: 'New run', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draft' })).toBeDisabled();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-empty.png'), fullPage: true });

  // Describe, then draft with the keyboard.
  const describe = page.getByLabel('Describe the behavior');
  await describe.fill(SENTENCE);
  await describe.press('Control+Enter');
  const firstRule = page.getByLabel('Rule 1', { exact: true });
  await expect(firstRule).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Spec' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tool', exact: true })).toContainText('unrelated');
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();

  // Edit a rule: the rule axis follows it.
  const secondRule = page.getByLabel('Rule 2', { exact: true });
  const replaced = await secondRule.inputValue();
  await secondRule.fill(NEW_RULE);
  const ruleAxis = page.getByRole('list', { name: 'Policy rule', exact: true });
  await expect(ruleAxis).toContainText(NEW_RULE);
  await expect(ruleAxis).not.toContainText(replaced);

  // A blank rule is flagged at its field and blocks Start; removing it clears both.
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rules = await page.getByRole('list', { name: 'Policy rules' }).getByRole('listitem').count();
  const blank = page.getByLabel(`Rule ${rules}`, { exact: true });
  await expect(blank).toBeFocused();
  await expect(blank).toHaveAttribute('aria-invalid', 'true');
  // Said once at the field, in words and numbered as the list numbers it, and in the pre-flight list; no zod text.
  const blankMessage = `Rule ${rules} is empty: write the rule or remove it.`;
  await expect(blank).toHaveAccessibleDescription(blankMessage);
  await expect(page.getByRole('region', { name: 'Spec' }).getByText(blankMessage)).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Pre-flight checks' })).toContainText(blankMessage);
  await expect(page.getByRole('main')).not.toContainText('Too small');
  await expect(page.getByRole('main')).not.toContainText('policy_rules');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-blank-rule.png') });
  await expect(page.getByRole('button', { name: 'Start run' })).toBeDisabled();
  await page.getByRole('button', { name: `Remove rule ${rules}` }).click();
  await expect(page.getByRole('list', { name: 'Policy rules' }).getByRole('listitem')).toHaveCount(rules - 1);
  // Until the checks of this edit arrive, the last ones stay faded and busy; then the blank rule's error is gone.
  await expect(page.getByText(blankMessage)).toHaveCount(0);
  await expect(page.locator('[aria-label="Pre-flight checks"][aria-busy="true"]')).toHaveCount(0);
  // The prompt's prose stays prose: the numbered rules are appended, never folded into it.
  await expect(page.getByRole('textbox', { name: 'System prompt' })).not.toHaveValue(/^\d+\./m);

  // A budget smaller than situations x phrasings x repeats is a pre-flight error at the budget field.
  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('60');
  await page.getByRole('spinbutton', { name: 'Situations', exact: true }).fill('40');
  await page.getByRole('spinbutton', { name: 'Repeats', exact: true }).fill('2');
  const checks = page.getByRole('list', { name: 'Pre-flight checks' });
  await expect(checks).toContainText('raise the budget to 80');
  await expect(page.getByRole('button', { name: 'Start run' })).toBeDisabled();
  await expect(page.getByRole('spinbutton', { name: 'Budget', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('spinbutton', { name: 'Situations', exact: true }).fill('');
  await page.getByRole('spinbutton', { name: 'Repeats', exact: true }).fill('1');

  // The same model in two roles is a warning: it does not block Start. A model spec in the wrong form is an error.
  const agent = page.getByRole('textbox', { name: 'Agent', exact: true });
  const judge = page.getByRole('textbox', { name: 'Judge', exact: true });
  await agent.fill(LOCAL_MODEL);
  await judge.fill(LOCAL_MODEL);
  await expect(checks).toContainText(`agent and judge both use ${LOCAL_MODEL}`);
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();
  await judge.fill('openai/gpt-4.1-mini');
  await expect(judge).toHaveAttribute('aria-invalid', 'true');
  await expect(checks).toContainText('openai:gpt-4.1-mini');
  await expect(page.getByRole('button', { name: 'Start run' })).toBeDisabled();
  await agent.fill('');
  await judge.fill('');
  await expect(page.getByText('All checks pass.')).toBeVisible();
  await expect(page.getByText(/Grid: \d+ cells · \d+ pairs planned/)).toBeVisible();

  await page.getByRole('button', { name: /^get_/ }).first().click();
  // The app scrolls inside its main area, so a tall window is what shows the whole screen.
  await page.setViewportSize({ width: 1360, height: 2300 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-drafted.png') });
  await page.setViewportSize({ width: 1360, height: 900 });

  // Start: the Run screen shows progress and reaches completion.
  const start = page.getByRole('button', { name: 'Start run' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(/#\/runs\/run_[\w-]+$/);
  const runId = decodeURIComponent(page.url().split('#/runs/')[1]!);
  await expect(page.getByLabel('Run id')).toHaveText(runId);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/personal finance|assistant/i);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 60_000 });
  await expect(page.getByLabel('Rows done', { exact: true })).toHaveText('60 / 60');
  await expect(page.getByRole('progressbar', { name: 'Rows done of the budget' })).toHaveAttribute('aria-valuenow', '60');
  await expect(page.getByLabel('Stopped because')).toHaveText('budget');
  await expect(page.getByRole('region', { name: 'Coverage' })).toContainText('Pairs covered');
  await expect(page.getByRole('region', { name: 'Rollouts' })).toContainText('Landed');
  await expect(page.getByRole('img', { name: /Rows each writer wrote per batch/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Pairs covered per batch/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Run' }).getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-completed.png'), fullPage: true });

  // The runs list opens the run with the keyboard, and the run offers a new run from itself.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Runs' }).click();
  const row = page.getByRole('table', { name: 'Runs' }).getByRole('row').nth(1);
  await expect(row).toContainText('completed');
  await expect(row).toContainText('60');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'runs-with-run.png'), fullPage: true });
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Run id')).toHaveText(runId);
  await page.getByRole('button', { name: 'New run from this run' }).click();
  await expect(page.getByLabel('Describe the behavior')).toHaveValue(SENTENCE);
  await expect(page.getByRole('spinbutton', { name: 'Budget', exact: true })).toHaveValue('60');
  await expect(page.getByLabel('Rule 2', { exact: true })).toHaveValue(NEW_RULE);
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-from-run.png'), fullPage: true });
});

test('a run set to stop when every pair is covered stops before its budget and says why', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(studio.url);
  await page.getByRole('main').getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Describe the behavior').fill(SENTENCE);
  await page.getByRole('button', { name: 'Draft' }).click();
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();

  const stopWhen = page.getByRole('combobox', { name: 'Stop when' });
  await expect(stopWhen).toHaveValue('compute');
  await expect(page.getByText('Runs every row of the budget.')).toBeVisible();
  await stopWhen.selectOption({ label: 'every pair is covered' });
  await expect(page.getByText(/Stops early once every planned pair of axis values has a conversation/)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('2000');
  await expect(page.getByText('All checks pass.')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-stop-when.png'), fullPage: true });

  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/#\/runs\/run_[\w-]+$/);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 90_000 });
  await expect(page.getByLabel('Stopped because')).toHaveText('pairs_covered');
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText(
    'pairs_covered: every planned pair of axis values has a conversation.',
  );
  const done = Number((await page.getByLabel('Rows done', { exact: true }).innerText()).split('/')[0]!.replace(/\D/g, ''));
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(2000);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-stopped-pairs-covered.png'), fullPage: true });

  // Running it again keeps the choice.
  await page.getByRole('button', { name: 'New run from this run' }).click();
  await expect(page.getByRole('combobox', { name: 'Stop when' })).toHaveValue('first');
});

test('a run in rl mode with a time limit says what the mode set, stops on the clock, and shows both in its settings', async ({
  page,
  studio,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(studio.url);
  await page.getByRole('main').getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Describe the behavior').fill(SENTENCE);
  await page.getByRole('button', { name: 'Draft' }).click();
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();

  const mode = page.getByRole('combobox', { name: 'Mode', exact: true });
  await expect(mode).toHaveValue('explore');
  await expect(page.getByText('Spends the budget on new situations: one wording and one conversation each.')).toBeVisible();
  await mode.selectOption({ label: 'RL' });
  await expect(page.getByText(/Runs up to eight conversations of each prompt/)).toBeVisible();
  // Blank settings show what the mode fills them with.
  await expect(page.getByRole('spinbutton', { name: 'Repeats', exact: true })).toHaveAttribute('placeholder', '8');
  await expect(page.getByRole('spinbutton', { name: 'Fault rate', exact: true })).toHaveAttribute('placeholder', '0.8');
  await expect(page.getByRole('checkbox', { name: /Prefer success/ })).not.toBeChecked();
  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('2000');
  await page.getByRole('spinbutton', { name: 'Time limit (minutes)', exact: true }).fill('0.001');
  await expect(page.getByText(/not reproducible row for row/)).toBeVisible();
  await expect(page.getByText('All checks pass.')).toBeVisible();
  await page.setViewportSize({ width: 1360, height: 2300 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-mode.png') });
  await page.setViewportSize({ width: 1360, height: 900 });

  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/#\/runs\/run_[\w-]+$/);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 90_000 });
  await expect(page.getByLabel('Stopped because')).toHaveText('time_budget');
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText('its time limit ran out');
  const done = Number((await page.getByLabel('Rows done', { exact: true }).innerText()).split('/')[0]!.replace(/\D/g, ''));
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(2000);
  await expect(page.getByText(/Mode rl filled the settings left unset: repeats 8, fault_rate 0\.8/)).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText('Moderl');
  await expect(settings).toContainText('Phrasings × repeats1 × 8 (rl default)');
  await expect(settings).toContainText('Repeat policysuccessive (rl default)');
  await expect(settings).toContainText('Time limit0.06 s');
  await expect(settings).toContainText('Stop whenthe budget is spent');
  await page.setViewportSize({ width: 1360, height: 2000 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-mode-time-limit.png') });
  await page.setViewportSize({ width: 1360, height: 900 });

  // Running it again keeps the mode and the time limit, and leaves what the mode filled blank.
  await page.getByRole('button', { name: 'New run from this run' }).click();
  await expect(page.getByRole('combobox', { name: 'Mode', exact: true })).toHaveValue('rl');
  await expect(page.getByRole('spinbutton', { name: 'Repeats', exact: true })).toHaveValue('');
  await expect(page.getByRole('spinbutton', { name: 'Time limit (minutes)', exact: true })).toHaveValue('0.001');
});

test('rules wrap in their boxes and Start run stays in view, at 1024x700 and 1400x900', async ({ page, studio }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${studio.url}#/runs/new`);
  const describe = page.getByLabel('Describe the behavior');
  await describe.fill(SENTENCE);
  await describe.press('Control+Enter');
  const firstRule = page.getByLabel('Rule 1', { exact: true });
  await expect(firstRule).toBeVisible();
  const start = page.getByRole('button', { name: 'Start run' });

  for (const size of [
    { width: 1024, height: 700 },
    { width: 1400, height: 900 },
  ]) {
    await page.setViewportSize(size);
    // A long rule wraps onto more lines instead of running out of its box.
    await firstRule.fill(
      'Confirm the amount and the destination account with the person, in their own words, before moving any money at all.',
    );
    const fits = await firstRule.evaluate((element) => ({
      wraps: element.clientHeight > 30,
      clipped: element.scrollHeight > element.clientHeight + 1,
    }));
    expect(fits.clipped, `${size.width}x${size.height}`).toBe(false);
    if (size.width === 1024) expect(fits.wraps).toBe(true);
    // A pre-flight error lengthens the list beside Start; Start stays whole on screen, the page itself never scrolls.
    await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('60');
    await page.getByRole('spinbutton', { name: 'Situations', exact: true }).fill('40');
    await page.getByRole('spinbutton', { name: 'Repeats', exact: true }).fill('2');
    await expect(page.getByRole('list', { name: 'Pre-flight checks' })).toContainText('raise the budget to 80');
    await expect(start).toBeInViewport({ ratio: 1 });
    const [documentHeight, windowHeight] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
    expect(documentHeight).toBe(windowHeight);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `new-run-layout-${size.width}.png`) });
  }
});

test('pre-flight names a tool whose JSON does not parse and an agent command that cannot start; a pasted essay is refused at its field', async ({
  page,
  studio,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1360, height: 1000 });
  await page.goto(`${studio.url}#/runs/new`);
  const describe = page.getByLabel('Describe the behavior');

  // ~52 KB is not a sentence: said at the field, and Draft waits for a shorter one.
  await describe.fill(`${SENTENCE} ${'and it also checks every detail again and again '.repeat(1070)}`);
  await expect(describe).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText(/The description is 5\d,\d{3} characters, over the 1,000 a draft reads/);
  await expect(page.getByRole('button', { name: 'Draft' })).toBeDisabled();

  await describe.fill(SENTENCE);
  await describe.press('Control+Enter');
  await expect(page.getByLabel('Rule 1', { exact: true })).toBeVisible();
  const checks = page.getByRole('list', { name: 'Pre-flight checks' });
  await expect(page.getByText('All checks pass.')).toBeVisible();

  // Broken JSON in a tool's parameters: the list names the tool, and never says all pass while Start is blocked.
  const toggle = page.getByRole('button', { name: /^get_/ }).first();
  const tool = (await toggle.locator('.tool-name').textContent())!;
  await toggle.click();
  await page.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill('{"type": "object", "properties": {');
  await expect(checks).toContainText(`Tool "${tool}" parameters: not valid JSON`);
  await expect(page.getByText('All checks pass.')).toHaveCount(0);
  await expect(page.getByText(`Fix the parameters JSON of ${tool}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start run' })).toBeDisabled();

  // An agent command whose script is missing: pre-flight starts it once and quotes what went wrong.
  const agent = page.getByRole('textbox', { name: 'Agent', exact: true });
  await agent.fill('command:node /tmp/e2e-h50-nope-agent.mjs');
  await expect(checks).toContainText('The agent command `node /tmp/e2e-h50-nope-agent.mjs` does not start', { timeout: 15_000 });
  await expect(checks).toContainText("Error: Cannot find module '/tmp/e2e-h50-nope-agent.mjs'");
  await expect(checks).not.toContainText('Node.js v');
  await expect(agent).toHaveAttribute('aria-invalid', 'true');
  await page
    .getByRole('region', { name: 'Pre-flight checks' })
    .screenshot({ path: join(SCREENSHOT_DIR, 'new-run-preflight-broken-tool-and-agent.png') });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-broken-tool-and-agent.png') });
});
