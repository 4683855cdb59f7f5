import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundRow } from '../../../export/__fixtures__/refund-rows';
import { startLocalModelServer, type LocalModelServer } from '../../../models/node/__fixtures__/local-model-server';
import { ModelBackends } from '../../../models/node/model-backends';
import { parseModelSpec } from '../../../models/model-spec';
import { decisionJudge } from '../decision-judge';
import type { Judge } from '../judge';
import { fixedClock } from '../judge-clock';
import { modelDecision } from '../model-decision';
import { rubricJudge } from '../rubric-judge';
import { runJudge } from '../run-judge';

let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer({ no_temperature_models: ['o3-mini'] });
});
afterAll(async () => server.close());

const backendOf = (model: string) =>
  new ModelBackends({ key: () => 'sk-test-8e4a2c6f0d1b9375', base_urls: { openai: server.openai_base_url }, concurrency: 4 }).get(
    parseModelSpec(`openai:${model}`),
  );
const rows = ['a', 'b', 'c', 'd'].map((name) => ({ ...refundRow(), rollout_id: `judge-settings-${name}` }));

async function settingsStamped(judge: Judge): Promise<unknown[]> {
  const graded = await runJudge(rows, judge, { clock: fixedClock('2026-12-01T00:00:00.000Z'), concurrency: 4 });
  expect(graded.map((item) => item.grade.judge_status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  return [...new Set(graded.map((item) => item.grade.provenance.settings['temperature']))];
}

describe('a model judge stamps the settings it sent', () => {
  it('says temperature null on every grade once the model refused one, the first grades included', async () => {
    expect(await settingsStamped(rubricJudge(backendOf('o3-mini'), { rubric: 'Pass when the agent answers.' }))).toEqual([null]);
    expect(await settingsStamped(decisionJudge(modelDecision(backendOf('o3-mini'))))).toEqual([null]);
    // Every call the judge made reached the model without a temperature.
    const sent = server.requests.filter((request) => request.model === 'o3-mini' && request.status === 200);
    expect(sent.length).toBe(8);
    expect(sent.every((request) => !('temperature' in request.body))).toBe(true);
  });

  it('says the temperature it sent to a model that took it', async () => {
    expect(await settingsStamped(rubricJudge(backendOf('gpt-4.1-mini'), { rubric: 'Pass when the agent answers.' }))).toEqual([0]);
  });
});
