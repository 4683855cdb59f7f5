import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { createRun } from './runs-service';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

describe('createRun', () => {
  it('keeps the drafting warnings the person read, first', async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-runs-')), mode: 'browser' });
    const config = RunConfig.parse({
      source: { kind: 'describe', sentence: 'a personal finance assistant that confirms before it moves money' },
      budget: 10,
    });
    const run = await createRun(context, config, { warnings: ['no domain bank matched "x"'] });
    expect(run.warnings[0]).toBe('no domain bank matched "x"');
    expect(run.status).toBe('queued');
  });
});
