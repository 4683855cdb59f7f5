// The notes and the one-line summary of a coverage_gap report: each gap in words, with its fix.

/** Untested rules named in the summary before "and N more". */
const UNTESTED_SHOWN = 3;

/** What the asks leave untested, as findings for the notes and the summary. */
export interface GapFindings {
  capNote: string | undefined;
  untestedRules: readonly string[];
  untestedTools: readonly string[];
  singleShot: boolean;
  pressure: number;
}

/** One note per gap, each naming its fix. */
export function gapNotes({ capNote, untestedRules, singleShot, pressure }: GapFindings): string[] {
  const notes: string[] = [];
  if (capNote) notes.push(capNote);
  if (untestedRules.length > 0) {
    notes.push(
      `${plural(untestedRules.length, 'policy rule')} no ask reaches: write one ask per rule, or let the engine write them ` +
        '(simulate with these asks as seeds covers the rule axis)',
    );
  }
  notes.push(
    'world_state and tool_condition are not readable from an ask: a prompt never says the record is missing or the tool ' +
      'timed out, so every ask sits on one point of those two axes. Run the asks through simulate to vary them, ' +
      'or add a fixture case per branch',
  );
  notes.push(
    'rules are matched on the words an ask shares with the rule, so a branch only the fixture data selects (an amount, a date) ' +
      'reads as untested even when an ask lands on it: confirm with rows from a run',
  );
  if (singleShot) {
    notes.push(
      'every ask appears once: one rollout cannot tell a flake from a failure. ' +
        "Roll each ask k times (repeats=k, repeat_policy='fixed') and read pass^k",
    );
  }
  if (pressure === 0) {
    notes.push(
      'no ask is hurried, adversarial or a retry: the suite tests the agent on a good day only. ' +
        'Add pressure asks, or take them from the stance axis',
    );
  }

  return notes;
}

/** The one-line summary: what the asks cover, then each gap. */
export function gapSummary(
  { capNote, untestedRules, untestedTools, singleShot, pressure }: GapFindings,
  counts: { asks: number; rules: number; total: number; tools: number },
): string {
  const ofTotal = capNote ? ` (of ${counts.total} in the prompt)` : '';
  const summaryParts = [
    `${plural(counts.asks, 'ask')} cover ${counts.rules - untestedRules.length} of ${plural(counts.rules, 'policy rule')}${ofTotal} ` +
      `and ${counts.tools - untestedTools.length} of ${plural(counts.tools, 'tool')}`,
  ];
  if (untestedRules.length > 0) {
    const more = untestedRules.length > UNTESTED_SHOWN ? `, and ${untestedRules.length - UNTESTED_SHOWN} more` : '';
    summaryParts.push(
      `untested: ${untestedRules
        .slice(0, UNTESTED_SHOWN)
        .map((rule) => shortRule(rule))
        .join(', ')}${more}`,
    );
  }
  if (untestedTools.length > 0) summaryParts.push(`no ask reaches ${untestedTools.join(', ')}`);
  if (pressure === 0) summaryParts.push('no ask puts the agent under pressure');
  if (singleShot) summaryParts.push('every ask runs once');
  return summaryParts.join('; ');
}

export function ruleCapNote(shown: number, total: number, cap: number | null): string | undefined {
  if (cap === null || total <= shown) return undefined;
  return (
    `${shown} of ${total} policy clauses are on the rule axis (rule_cap=${cap}); the other ${total - shown} are never checked, ` +
    `so '${shown} of ${shown} rules covered' is not the policy. ` +
    'Pass rule_cap=null to coverage_gap to check every clause, or a larger number'
  );
}

export function shortRule(text: string, width = 62): string {
  const one = text.split(/\s+/).filter(Boolean).join(' ');
  return one.length <= width ? one : `${one.slice(0, width - 3).replace(/[ ,;:]+$/, '')}...`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
