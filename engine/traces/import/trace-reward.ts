import { round4 } from '../../../shared/domain/rounding';
import type { TraceScore } from '../trace-row';

/** Evaluations where a higher score is worse (LLM-as-judge harm metrics): they count as 1 - score. */
const HARM_NAME = /hallucinat|toxic|bias|harm|jailbreak|unsafe|pii|leak/i;
const PASS_LABEL = /^(pass(ed)?|correct|relevant|yes|true|good|success(ful)?|safe|grounded)$/i;
const FAIL_LABEL = /^(fail(ed)?|incorrect|not[_ -]?relevant|irrelevant|no|false|bad|failure|unsafe|hallucinated|toxic)$/i;

/** How well one evaluation says the trace went, 0..1; null when its range or meaning is unknown. */
function passMeasure(score: TraceScore): number | null {
  if (score.value === null || score.value < 0 || score.value > 1) {
    if (score.label && PASS_LABEL.test(score.label)) return 1;
    if (score.label && FAIL_LABEL.test(score.label)) return 0;
    return null;
  }
  return HARM_NAME.test(score.name) ? round4(1 - score.value) : score.value;
}

/**
 * A trace's reward from its evaluations: one named among `rewardKeys` decides alone (its score in [0, 1], else a
 * pass/fail label); otherwise the trace is as good as its worst evaluation (a harm metric such as hallucination or
 * toxicity counts as 1 - score; a score outside [0, 1] with no pass/fail label is kept but grades nothing). Null when
 * no evaluation can be read as a grade.
 */
export function rewardFromScores(scores: readonly TraceScore[], rewardKeys: readonly string[]): number | null {
  for (const key of rewardKeys) {
    const named = scores.find((score) => score.name === key);
    if (!named) continue;
    if (named.value !== null && named.value >= 0 && named.value <= 1) return named.value;
    const measure = passMeasure({ ...named, value: null });
    if (measure !== null) return measure;
  }
  const measures = scores.map(passMeasure).filter((measure): measure is number => measure !== null);
  return measures.length === 0 ? null : Math.min(...measures);
}
