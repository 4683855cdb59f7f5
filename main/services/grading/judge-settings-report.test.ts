import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradesRunInput } from '../../../shared/api/grades';
import { formatGradeReport } from '../../cli/commands/grade-command';
import { storedRowId } from '../../store/rows/rows-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { simulateOfflineRun } from '../../test-support/grading-run';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { keyRing } from '../settings/secrets';
import { executeGrading } from './grade-executor';
import { gradesSummary, planGrading, rowGrades } from './grading-service';

let server: LocalModelProcess;
let context: AppContext;
beforeAll(async () => {
  // A reasoning-like model that refuses temperature, behind a server that fails a share of calls with 429s and 500s.
  server = await startLocalModelProcess([
    '--no-temperature',
    'o3-mini',
    '--fault-share',
    '0.3',
    '--fault-kinds',
    'rate_limit,server_error',
  ]);
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-judge-settings-')), mode: 'cli' });
}, 20_000);
afterAll(async () => {
  await closeAppContext(context);
  await server.stop();
});

describe('a model judge grade report', () => {
  it('stamps the settings sent (no temperature) and lists the refused setting and the retries', { timeout: 60_000 }, async () => {
    const runId = await simulateOfflineRun(context, 8, 5);
    const judge = `compatible:o3-mini@${server.openai_base_url}`;
    const plan = planGrading(context, GradesRunInput.parse({ run_id: runId, judge, concurrency: 4 }));
    const outcome = await executeGrading({ db: context.db, plan, keys: keyRing({}) });
    expect(outcome.status).toBe('completed');
    expect(outcome.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${judge.replace(/[.:/]/g, '\\$&')}: \\d+ model calls were retried \\(`)),
        `${judge} refused \`temperature\`: it was dropped and 8 calls were sent without it.`,
      ]),
    );

    const summary = gradesSummary(context, runId);
    const stored = rowGrades(context, storedRowId(runId, 0)).grades.find((grade) => grade.provenance.model === judge)!;
    expect(stored.provenance.settings).toMatchObject({ temperature: null, max_tokens: 25_000 });

    const report = formatGradeReport(summary, outcome);
    expect(report.startsWith('Warnings:\n')).toBe(true);
    expect(report).toContain(`  - ${judge} refused \`temperature\`: it was dropped and 8 calls were sent without it.\n`);
  });
});
