import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { iterateRows } from '../../store/rows/rows-repository';
import { runSummary } from '../../store/runs/runs-repository';
import { startLocalModelProcess, type LocalModelProcess } from '../../test-support/local-model-process';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { keyRing } from '../settings/secrets';
import { executeRun } from './run-executor';
import { createRun } from './runs-service';

const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

let server: LocalModelProcess;
let context: AppContext;
beforeAll(async () => {
  server = await startLocalModelProcess(['--no-logprobs', 'o4-mini']);
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-run-logprobs-')), mode: 'cli' });
}, 20_000);
afterAll(async () => {
  await closeAppContext(context);
  await server.stop();
});

async function runWith(model: string) {
  const agent = `compatible:${model}@${server.openai_base_url}`;
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: SENTENCE },
    models: { agent },
    budget: 10,
    seed: 3,
    logprobs: true,
  });
  const run = await createRun(context, config);
  const summary = await executeRun({ db: context.db, runId: run.id, keys: keyRing({}) });
  return { agent, summary, stored: runSummary(context.db, run.id)!, rows: [...iterateRows(context.db, run.id)] };
}

describe("a run's log-probabilities, counted and honest", () => {
  it('counts the turns that have one; tool-call turns say null, and a model that gives all its text turns one warns nothing', async () => {
    const { summary, stored, rows } = await runWith('gpt-4.1-mini');
    const turns = rows.flatMap((row) => row.messages.filter((message) => message.role === 'assistant'));
    const withOne = turns.filter((turn) => turn.role === 'assistant' && typeof turn.logprob === 'number');
    expect(summary.logprobs).toEqual({ asked: true, turns: turns.length, with_logprobs: withOne.length });
    expect(stored.logprobs).toEqual(summary.logprobs);
    expect(withOne.length).toBeGreaterThan(0);
    for (const turn of turns)
      if (turn.role === 'assistant' && turn.content === '') expect(turn).toMatchObject({ logprob: null, n_tokens: null });
    expect(summary.warnings.filter((warning) => warning.startsWith('logprobs was asked for'))).toEqual([]);
  });

  it('marks every turn of a model that returns none as null and warns once', async () => {
    const { agent, summary, rows } = await runWith('o4-mini');
    const turns = rows.flatMap((row) => row.messages.filter((message) => message.role === 'assistant'));
    expect(turns.every((turn) => turn.role === 'assistant' && turn.logprob === null && turn.n_tokens === null)).toBe(true);
    expect(summary.logprobs).toEqual({ asked: true, turns: turns.length, with_logprobs: 0 });
    const textTurns = turns.filter((turn) => turn.content !== '').length;
    expect(summary.warnings.filter((warning) => warning.startsWith('logprobs was asked for'))).toEqual([
      expect.stringContaining(`but ${agent} returned none on ${textTurns} agent turns with text (0 of ${turns.length} turns have one)`),
    ]);
    expect(rows.every((row) => row.sampling?.logprobs === true)).toBe(true);
  });
});
