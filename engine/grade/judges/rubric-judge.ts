import type { ModelBackend } from '../../models/model-backend';
import { outputCap } from '../../models/model-limits';
import { FAILURE_CLASSES } from './failure-vocabulary';
import type { Judge, JudgeOutput } from './judge';
import { jsonObjectIn } from '../../models/model-text';
import { judgePayload, JUDGE_PAYLOAD_CHARS } from './judge-payload';
import { rubricProvenance } from './rubric';
import { SentSettings } from './sent-settings';

/** SDK JUDGE_TEMPERATURE and JUDGE_MAX_TOKENS (a reasoning model gets room for its reasoning on top: `outputCap`). */
export const JUDGE_TEMPERATURE = 0;
export const JUDGE_MAX_TOKENS = 120;
/** Bumped whenever the judge's instructions change: it is part of the settings stamped on every grade. */
export const RUBRIC_PROMPT_VERSION = 'rubric-v1';
/** The first words of the judge's instructions: stable, so a test server can tell this role apart. */
export const RUBRIC_JUDGE_PROMPT_HEAD = 'You grade one conversation between a support agent and a customer against a rubric.';
export const VERDICT_FORMAT_NAME = 'verdict';

const VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    reward: { type: 'number', minimum: 0, maximum: 1 },
    reason: { type: 'string' },
    failure_class: { anyOf: [{ type: 'string', enum: [...FAILURE_CLASSES] }, { type: 'null' }] },
  },
  required: ['reward', 'reason'],
} as const;

export interface RubricJudgeOptions {
  rubric: string;
  /** The agent's system prompt, read as the policy (cut to JUDGE_POLICY_CHARS). */
  policy?: string;
  /** Defaults to `rubric`. */
  name?: string;
  temperature?: number;
  max_tokens?: number;
  timeout_ms?: number;
  /** What the backend's calls went through (retries, refused settings), for the grade report. */
  notes?: () => string[];
}

/**
 * The LLM rubric judge: the model reads the rubric, the policy, the situation and the conversation, and answers
 * `{reward, reason, failure_class}` as JSON (structured output where the provider has it). Every grade carries
 * model, rubric hash and the settings sent (a temperature the model refused reads null); `version = <model>@<rubric
 * hash>`, so a rubric edit is a new judge. An answer
 * that is not JSON is an `error` grade (reward null), never a silent 0.
 */
export function rubricJudge(backend: ModelBackend, options: RubricJudgeOptions): Judge {
  const temperature = options.temperature ?? JUDGE_TEMPERATURE;
  const maxTokens = options.max_tokens ?? outputCap(backend.model, JUDGE_MAX_TOKENS);
  const sent = new SentSettings({ temperature, max_tokens: maxTokens, payload_chars: JUDGE_PAYLOAD_CHARS, prompt: RUBRIC_PROMPT_VERSION });
  const provenanceOf = () =>
    rubricProvenance({
      model: backend.spec,
      rubric: options.rubric,
      settings: sent.current,
      ...(options.name ? { name: options.name } : {}),
    });
  const system = [
    RUBRIC_JUDGE_PROMPT_HEAD,
    'Read the rubric, then the policy, situation and conversation. Judge only what the agent did.',
    'Answer with one JSON object: {"reward": number from 0 (fails the rubric) to 1 (meets it), ' +
      '"reason": one sentence, "failure_class": one of the listed classes or null when it passes}.',
    `Failure classes: ${FAILURE_CLASSES.join(', ')}.`,
    `RUBRIC:\n${options.rubric}`,
  ].join('\n');
  return {
    name: provenanceOf().judge,
    label_source: 'judge',
    get provenance() {
      return provenanceOf();
    },
    ...(options.notes ? { notes: options.notes } : {}),
    async judge(row): Promise<JudgeOutput> {
      const response = await backend.generate({
        system,
        messages: [{ role: 'user', content: judgePayload(row, options.policy ?? '') }],
        temperature,
        max_tokens: maxTokens,
        response_format: { type: 'json', name: VERDICT_FORMAT_NAME, schema: VERDICT_SCHEMA },
        ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
      });
      sent.observe(response);
      const verdict = jsonObjectIn(response.text);
      if (!verdict) throw new Error(`${backend.spec} answered without a JSON verdict: ${response.text.slice(0, 200)}`);
      return {
        ...verdict,
        judge_meta: {
          model: backend.spec,
          response_model: response.response_model,
          ...(response.dropped_parameters.length ? { dropped: response.dropped_parameters } : {}),
        },
      };
    },
  };
}
