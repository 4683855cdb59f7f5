import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('settings: the annotator’s name, where the keys come from, the Hub token and the theme after a reload', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(studio.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Where the data lives and how the app runs.
  await expect(page.getByLabel('Mode of this app')).toContainText('Browser mode');
  await expect(page.getByLabel('Data folder path')).toHaveText(studio.dataDir);

  // The annotator's name, kept by main.
  await expect(page.getByText('No name yet')).toBeVisible();
  await page.getByLabel('Your name').fill('Ana Lima');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Labels you give are signed Ana Lima.' })).toBeVisible();

  // Model keys: which variables are set and where from; browser mode says how to set them, and offers no field.
  const keys = page.getByRole('table', { name: 'Model API keys' });
  for (const variable of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'WAI_COMPATIBLE_API_KEY']) {
    const expected = process.env[variable]?.trim() ? 'From the environment' : 'Not set';
    await expect(keys.getByLabel(`${variable} source`)).toHaveText(expected);
  }
  await expect(
    page.getByRole('note').filter({ hasText: 'Browser mode reads keys from the environment of the process that started the server' }),
  ).toContainText('OPENAI_API_KEY=sk-… npm run serve');
  await expect(keys.getByRole('textbox')).toHaveCount(0);

  // The Hub token: kept in the server's memory in browser mode, never shown back.
  const tokenSource = page.getByLabel('Hugging Face token source');
  await expect(tokenSource).toHaveText(process.env.HF_TOKEN?.trim() ? 'HF_TOKEN from the environment' : 'Not set');
  await page.getByLabel('New token').fill('not-a-token');
  await page.getByRole('button', { name: 'Store token' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'starts with hf_' })).toBeVisible();
  await page.getByLabel('New token').fill('hf_settingsSpecToken');
  await page.getByRole('button', { name: 'Store token' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Token stored.' })).toBeVisible();
  if (!process.env.HF_TOKEN?.trim()) await expect(tokenSource).toHaveText('Set here (in memory until the server stops)');
  await expect(page.getByText('hf_settingsSpecToken')).toHaveCount(0);
  await expect(page.getByLabel('New token')).toHaveValue('');
  await shot(page, 'settings-light');

  // The theme: dark, applied at once and again after a reload; light wins over a dark system.
  const light = await background(page);
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => background(page)).not.toBe(light);
  const dark = await background(page);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).toBe(dark);
  await expect(page.getByLabel('Your name')).toHaveValue('Ana Lima');
  await shot(page, 'settings-dark');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(() => background(page)).toBe(light);
  await page.getByRole('radio', { name: 'Same as the system' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect.poll(() => background(page)).toBe(dark);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(light);
});
