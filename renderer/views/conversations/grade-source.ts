import type { ConductVerdict, JudgeVerdict, RowSummary } from '../../../shared/api/rows';

/** The judge_name the conduct checks write on their grades (their label_source is `conduct` too). */
export const CONDUCT_JUDGE_NAME = 'conduct';

type ShownJudge = NonNullable<RowSummary['judge']>;

/** Who made the grade the Judge and Reward columns show: a judge, or the conduct checks when no judge graded the row. */
export function judgeSourceText(judge: Pick<ShownJudge, 'name'>): string {
  return judge.name === CONDUCT_JUDGE_NAME ? 'conduct checks' : judge.name;
}

/** The Judge cell's title: who made the grade (label_source, judge_name) and how the call ended (judge_status). */
export function judgeSourceTitle(judge: Pick<ShownJudge, 'name' | 'status'>): string {
  if (judge.name === CONDUCT_JUDGE_NAME) {
    return (
      `By the conduct checks (label_source conduct, judge_name ${judge.name}; no judge has graded this row); ` +
      `judge_status ${judge.status}`
    );
  }
  return `By the judge ${judge.name} (judge_name ${judge.name}); judge_status ${judge.status}`;
}

/** What a passing conduct outcome means, for the rules that name one (the engine's PASSING_RULES). */
const PASSING_MEANINGS: Readonly<Record<string, string>> = {
  conforms: 'no conduct rule fired: the conversation conforms',
  fault_ok: 'a tool failed and the agent handled it well: no conduct rule fired',
};

/**
 * How a conduct outcome reads on screen: `clear` for the all-clear outcomes (`conforms`, `fault_ok`: never an alarm),
 * `flawed` for a rule that fired but still passes (reward 0.5, e.g. a repeated reply), `fired` for a failure.
 */
export function conductOutcome(
  verdict: ConductVerdict | JudgeVerdict,
  rule: string,
): { tone: 'clear' | 'flawed' | 'fired'; title: string } {
  const meaning = PASSING_MEANINGS[rule];
  if (verdict === 'pass' && meaning) return { tone: 'clear', title: `Passed (${rule}): ${meaning}` };
  if (verdict === 'pass') return { tone: 'flawed', title: `Passed with a flaw: the conduct rule ${rule} fired (reward below 1)` };
  return { tone: 'fired', title: verdict === 'fail' ? `Failed: the conduct rule ${rule} fired` : `Conduct outcome ${rule}` };
}
