import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { defaultRubric, rubricHash } from '../../../engine/index';
import { listRowGrades } from '../../store/grades/grades-repository';
import { storedRowId } from '../../store/rows/rows-repository';
import { getRun } from '../../store/runs/runs-repository';
import { getSpec } from '../../store/runs/specs-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { keyRing, type KeyStore } from '../settings/secrets';
import { executeRun } from './run-executor';
import { createRun } from './runs-service';

const KEY = 'sk-test-L00pGr4d3r9Xk';
const WRONG_KEY = 'sk-wrong-L00p7Hq2Vb';

let server: LocalModelProcess;
let keyVariable: string;
beforeAll(async () => {
  server = await startLocalModelProcess(['--key', KEY]);
  keyVariable = `WAI_KEY_127_0_0_1_${new URL(server.url).port}`;
}, 20_000);
afterAll(async () => server.stop());

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

/** The desktop's stored keys, in memory. */
function keyStore(keys: Record<string, string>): KeyStore {
  return {
    get: (variable) => keys[variable],
    set: (variable, value) => void (keys[variable] = value),
    delete: (variable) => void delete keys[variable],
    variables: () => Object.keys(keys).sort(),
    warnings: () => [],
  };
}

function open(keys: Record<string, string>): AppContext {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-loop-judge-')), mode: 'browser', keys: keyStore(keys) });
  return context;
}

const configWith = (judge: string) =>
  RunConfig.parse({
    source: { kind: 'describe', sentence: 'a personal finance assistant that confirms before it moves money' },
    budget: 12,
    seed: 7,
    concurrency: 4,
    grader: { judge },
  });

describe('a model rubric judge as the run grader, on the local model server', { timeout: 120_000 }, () => {
  it('grades every row in the loop with the rubric and model stamped on each grade', async () => {
    const app = open({ [keyVariable]: KEY });
    const judge = `compatible:phi-4@${server.openai_base_url}`;
    const run = await createRun(app, configWith(judge));
    const summary = await executeRun({ db: app.db, runId: run.id, keys: keyRing({}, { [keyVariable]: KEY }) });
    expect(summary.stopped_because).toBe('budget');
    const spec = getSpec(app.db, run.spec_id!)!;
    const grades = Array.from({ length: 12 }, (_, ordinal) => listRowGrades(app.db, storedRowId(run.id, ordinal))[0]!);
    for (const grade of grades) {
      expect(grade).toMatchObject({ judge_status: 'ok', label_source: 'judge' });
      expect(grade.provenance).toMatchObject({
        model: expect.stringContaining('phi-4'),
        rubric_hash: rubricHash(defaultRubric(spec.policy_rules)),
      });
    }
    expect(summary.search.grader).toMatchObject({ rows: 12, unjudged: 0 });
  });

  it('stops the run judge_auth_failed when the server refuses the key, with the reason', async () => {
    const app = open({ [keyVariable]: WRONG_KEY });
    const run = await createRun(app, configWith(`compatible:phi-4@${server.openai_base_url}`));
    const summary = await executeRun({ db: app.db, runId: run.id, keys: keyRing({}, { [keyVariable]: WRONG_KEY }) });
    expect(summary.stopped_because).toBe('judge_auth_failed');
    expect(summary.rows).toBeLessThan(12);
    expect(getRun(app.db, run.id)).toMatchObject({ status: 'failed', error: expect.stringContaining("The run's grader's model") });
    expect(JSON.stringify(getRun(app.db, run.id))).not.toContain(WRONG_KEY);
  });
});
