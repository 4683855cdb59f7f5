import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, freshDataDir, REPO_ROOT, SCREENSHOT_DIR, test } from './fixtures';

/** A data folder holding a store made before prepared export lines (main/test-support/store-before-lines.ts): one run of 1,500 rows. */
function storeBeforeLines(): string {
  const dataDir = freshDataDir();
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'main/test-support/store-before-lines.ts', dataDir, '1500'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`the old store was not made:\n${made.stderr}`);
  return dataDir;
}

const oldStore = test.extend<{ dataDir: string }>({
  dataDir: async ({}, use) => {
    await use(storeBeforeLines());
  },
});

oldStore(
  'opening a store made before prepared lines offers wai store optimize, with the rows it would prepare',
  async ({ page, studio }) => {
    await page.setViewportSize({ width: 1360, height: 800 });
    await page.goto(studio.url);
    const notice = page.getByRole('region', { name: 'Store notice' });
    await expect(notice).toContainText(/About [\d,]+ rows of this run store have no prepared export line/);
    await expect(notice).toContainText('SFT and TRL exports build those lines from the whole conversation each time');
    await expect(notice).not.toContainText('KiB');
    await expect(notice.locator('code')).toHaveText(`wai --data-dir "${studio.dataDir}" store optimize`);
    const count = Number(/About ([\d,]+) rows/.exec((await notice.textContent()) ?? '')![1]!.replaceAll(',', ''));
    // Rows that cannot be prepared stay without a line: the offer counts only the rest of the 1,500.
    expect(count).toBeGreaterThan(900);
    expect(count).toBeLessThanOrEqual(1_500);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'store-offer-prepared-lines.png') });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  },
);
