import { describe, expect, it } from 'vitest';
import type { Row } from '../../../shared/domain';
import { MockModelBackend } from '../../models/__fixtures__/mock-backend';
import { fixtureRow } from '../conduct/__fixtures__/conversation';
import { decisionJudge } from './decision-judge';
import { fixedClock } from './judge-clock';
import { JUDGE_PAYLOAD_CHARS, judgePayload } from './judge-payload';
import { modelDecision } from './model-decision';
import { rubricHash } from './rubric';
import { rubricJudge } from './rubric-judge';
import { runJudge } from './run-judge';

const NOW = '2025-06-01T12:00:00.000Z';
const SPEC = 'anthropic:claude-haiku-4-5';
const RUBRIC = 'Pass when the agent confirms before it moves money.';
const row: Row = {
  ...fixtureRow('r0', [{ user: 'move 50 to savings' }, { agent: 'Done, moved.' }]),
  privileged: { hidden_state: 'the savings account is frozen' },
};

describe('the LLM rubric judge', () => {
  it('grades through runJudge and stamps model, rubric hash and settings on every grade', async () => {
    const backend = new MockModelBackend(SPEC, {
      text: '```json\n{"reward": 0, "reason": "moved money without asking", "failure_class": "acted_without_confirmation"}\n```',
    });
    const [graded] = await runJudge([row], rubricJudge(backend, { rubric: RUBRIC, policy: 'Confirm first.' }), { clock: fixedClock(NOW) });
    expect(graded!.grade).toMatchObject({
      reward: 0,
      reason: 'moved money without asking',
      judge_status: 'ok',
      label_source: 'judge',
      failure_class: 'acted_without_confirmation',
      provenance: {
        judge: 'rubric',
        model: SPEC,
        rubric_hash: rubricHash(RUBRIC),
        version: `${SPEC}@${rubricHash(RUBRIC)}`,
        settings: { temperature: 0, max_tokens: 120, payload_chars: JUDGE_PAYLOAD_CHARS, prompt: 'rubric-v1' },
      },
    });
    const sent = backend.requests[0]!;
    expect(sent.temperature).toBe(0);
    expect(sent.response_format?.name).toBe('verdict');
    expect(sent.system).toContain(RUBRIC);
    expect(sent.messages[0]!.content).toContain('the savings account is frozen');
    expect(sent.messages[0]!.content).toContain('POLICY:\nConfirm first.');
  });

  it('grades an answer that is not JSON as an error, never a silent 0', async () => {
    const [graded] = await runJudge([row], rubricJudge(new MockModelBackend(SPEC, { text: 'I think it passes' }), { rubric: RUBRIC }), {
      clock: fixedClock(NOW),
    });
    expect(graded!.grade).toMatchObject({ reward: null, judge_status: 'error' });
  });

  it('keeps what it reads within the payload budget', () => {
    const long = fixtureRow(
      'r1',
      Array.from({ length: 400 }, (_, index) => (index % 2 ? { agent: 'x'.repeat(80) } : { user: 'y'.repeat(80) })),
    );
    expect(judgePayload(long, 'p'.repeat(5000)).length).toBeLessThanOrEqual(JUDGE_PAYLOAD_CHARS + 100);
  });
});

describe('the decision judge on a model', () => {
  it('reads a probability as the reward, maps the class and marks the row unsure near even', async () => {
    const backend = new MockModelBackend(SPEC, {
      text: '{"probability": 0.55, "failure_class": "hallucinated_id", "reason": "close call"}',
    });
    const [graded] = await runJudge([row], decisionJudge(modelDecision(backend)), { clock: fixedClock(NOW) });
    expect(graded!.grade).toMatchObject({
      reward: 0.55,
      unsure: true,
      failure_class: 'invented_identifier',
      label_source: 'decision',
      provenance: { model: SPEC, version: `${SPEC}@decision` },
    });
    expect(graded!.grade.provenance.settings).toEqual({
      temperature: 0,
      max_tokens: 200,
      payload_chars: JUDGE_PAYLOAD_CHARS,
      prompt: 'decision-v1',
    });
    expect(backend.requests[0]!.response_format?.name).toBe('decision');
  });
});
