import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const SENTENCE = 'a retail support agent that looks up orders and refunds them after confirming';
/** The acceptance test's grader, a command read from the folder the app was started in (the repository). */
const GRADER = 'command:"node main/cli/commands/__fixtures__/my-grader.mjs"';

test('a run graded in the loop by a command grader, with the people dialled, shows its grader, writers and delivery', async ({
  page,
  studio,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(`${studio.url}#/runs/new`);
  const describe = page.getByLabel('Describe the behavior');
  await describe.fill(SENTENCE);
  await describe.press('Control+Enter');
  await expect(page.getByLabel('Rule 1', { exact: true })).toBeVisible();

  await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('48');
  await page.getByRole('textbox', { name: 'Grader', exact: true }).fill(GRADER);
  await page.getByRole('spinbutton', { name: 'Hard share', exact: true }).fill('0.6');
  await page.getByRole('combobox', { name: 'Patience' }).selectOption('endless');
  await page.getByRole('spinbutton', { name: 'Average turns', exact: true }).fill('8');
  await page.getByRole('group', { name: 'Grader in the loop' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'new-run-grader-people.png') });

  const start = page.getByRole('button', { name: 'Start run' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(/#\/runs\/run_[\w-]+$/);
  await expect(page.getByLabel('Run status')).toHaveText('completed', { timeout: 180_000 });

  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText(`Grader${GRADER} @ sha-`);
  await expect(settings).toContainText('Patienceendless');
  await expect(settings).toContainText('Hard share0.6');
  await expect(settings).toContainText('Average turns8');
  // The run is graded already: its pass counts follow the grader, the judge that graded each row last.
  await expect(page.getByText(/the judge that graded the run last/)).toContainText('my-grader@sha-');
  const grading = page.getByRole('region', { name: 'Grading in the loop' });
  await expect(grading).toContainText('Gradermy-grader@sha-');
  await expect(grading).toContainText('Graded in the loop48');
  await expect(page.getByRole('region', { name: 'Writers' })).toContainText('structured');
  await expect(page.getByRole('region', { name: 'Writers' })).not.toContainText('llm_guided');
  await expect(page.getByRole('region', { name: 'Delivered' })).toContainText('avg_turns 8 asked');
  await expect(page.getByRole('img', { name: /Rows each writer wrote per batch/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /The bandit's weights per batch/ })).toBeVisible();
  await page.setViewportSize({ width: 1360, height: 2000 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'run-graded-in-loop.png') });
});
