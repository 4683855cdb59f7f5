import type { ModelBackend } from '../../models/model-backend';
import { outputCap } from '../../models/model-limits';
import type { DecisionModel, DecisionVerdict } from './decision-judge';
import { FAILURE_CLASSES } from './failure-vocabulary';
import { jsonObjectIn } from '../../models/model-text';
import { JUDGE_PAYLOAD_CHARS, judgePayload } from './judge-payload';
import { JUDGE_TEMPERATURE } from './rubric-judge';
import { SentSettings } from './sent-settings';

export const DECISION_FORMAT_NAME = 'decision';
export const DECISION_MAX_TOKENS = 200;
/** Bumped whenever the decision model's instructions change: it is part of the settings stamped on every grade. */
export const DECISION_PROMPT_VERSION = 'decision-v1';
/** The first words of the decision model's instructions: stable, so a test server can tell this role apart. */
export const DECISION_PROMPT_HEAD = 'You decide whether a support agent handled one conversation well.';

const DECISION_SCHEMA = {
  type: 'object',
  properties: {
    probability: { type: 'number', minimum: 0, maximum: 1 },
    failure_class: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    reason: { type: 'string' },
  },
  required: ['probability'],
} as const;

export interface ModelDecisionOptions {
  policy?: string;
  timeout_ms?: number;
}

/**
 * A decision model on any backend (`decision:<model spec>`): the model answers P(pass), its own pick of failure
 * class and a reason; `decisionJudge` turns that into the reward, the class and `unsure` within 0.1 of even. Its
 * settings are those sent (a temperature the model refused reads null).
 */
export function modelDecision(backend: ModelBackend, options: ModelDecisionOptions = {}): DecisionModel {
  const maxTokens = outputCap(backend.model, DECISION_MAX_TOKENS);
  const sent = new SentSettings({
    temperature: JUDGE_TEMPERATURE,
    max_tokens: maxTokens,
    payload_chars: JUDGE_PAYLOAD_CHARS,
    prompt: DECISION_PROMPT_VERSION,
  });
  const system = [
    DECISION_PROMPT_HEAD,
    'Answer with one JSON object: {"probability": the chance from 0 to 1 that the agent did the ' +
      'right thing, "failure_class": your name for what went wrong, or null, "reason": one sentence}.',
    `Name failures from this list where one fits: ${FAILURE_CLASSES.join(', ')}.`,
  ].join('\n');
  return {
    model: backend.spec,
    get settings() {
      return sent.current;
    },
    async decide(row): Promise<DecisionVerdict> {
      const response = await backend.generate({
        system,
        messages: [{ role: 'user', content: judgePayload(row, options.policy ?? '') }],
        temperature: JUDGE_TEMPERATURE,
        max_tokens: maxTokens,
        response_format: { type: 'json', name: DECISION_FORMAT_NAME, schema: DECISION_SCHEMA },
        ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
      });
      sent.observe(response);
      const answer = jsonObjectIn(response.text);
      if (!answer) throw new Error(`${backend.spec} answered without a JSON decision: ${response.text.slice(0, 200)}`);
      const failureClass = answer['failure_class'];
      return {
        probability: answer['probability'] as number,
        ...(typeof failureClass === 'string' || failureClass === null ? { failure_class: failureClass } : {}),
        ...(typeof answer['reason'] === 'string' ? { reason: answer['reason'] } : {}),
      };
    },
  };
}
