import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const SENTENCE = 'a personal finance assistant that confirms before it moves money';
const NEW_RULE = 'Never read a full card number back to the person.';
/** A model on a local OpenAI-compatible server: no key needed, and nothing is called before Start. */
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
  await expect(page.getByRole('button', { name: 'Start run' })).toBeDisabled();
  await page.getByRole('button', { name: `Remove rule ${rules}` }).click();
  await expect(page.getByRole('list', { name: 'Policy rules' }).getByRole('listitem')).toHaveCount(rules - 1);
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
  await expect(page.getByRole('img', { name: /Writers' budget share per batch/ })).toBeVisible();
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
