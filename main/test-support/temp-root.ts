import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's and Playwright's global setup: every temporary folder a test makes (os.tmpdir() reads TMPDIR) lands under one root for the
 * run, removed when the run ends, so repeated test runs do not fill /tmp with stores. Both start their workers after
 * this, and the workers inherit the variable.
 */
export default function useTemporaryRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'while-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
