import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpecText, validateSpec } from '../../../engine/index';
import { closeAppContext, createAppContext } from '../app/app-context';
import { importTraces } from './traces-import';

const EXAMPLES = fileURLToPath(new URL('../../../resources/examples/', import.meta.url));

/** The files README.md's commands name in resources/examples: each must do what the README says with it. */
describe('the example files', () => {
  it('the spec validates without issues', () => {
    const file = join(EXAMPLES, 'refund-desk.spec.yaml');
    const validation = validateSpec(parseSpecText(readFileSync(file, 'utf8'), file));
    expect(validation).toMatchObject({ ok: true, warnings: [] });
    expect(validation.ok && validation.spec.tools.length).toBeGreaterThan(0);
  });

  it('the traces import, graded', async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-examples-')), mode: 'cli' });
    try {
      const result = importTraces(context, {
        files: [{ name: 'traces.otlp.json', text: readFileSync(join(EXAMPLES, 'traces.otlp.json'), 'utf8') }],
      });
      expect(result).toMatchObject({ stored: true, n_rows: 2 });
    } finally {
      await closeAppContext(context);
    }
  });
});
