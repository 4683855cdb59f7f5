import { isFailure } from '../../shared/domain/verdict';
import { AXES, MULTI_TOOL, UNRELATED_TOOL, UNSPECIFIED, type Axis } from '../../shared/domain';
import { buildAxes, policyText, type AxisSource } from '../spec/build-axes';
import { askNamesTool, contentWords, isBranchRule, policyMentions } from '../spec/policy-mentions';
import { policySections } from '../spec/policy-sections';
import { toolParts } from '../spec/tool-kinds';
import { gapNotes, gapSummary, plural, ruleCapNote, shortRule, type GapFindings } from './coverage-gap-notes';

/** A branch rule is reached by an ask that shares at least this many content words with it. */
const BRANCH_OVERLAP = 2;

const ADVERSARIAL = phraseMatcher(
  "override|bypass|ignore|just this once|i don't care|don't (?:tell|check|ask)|even if|against (?:the )?(?:rules?|policy)|" +
    "just do it|shouldn't (?:be )?(?:able|allowed)|anyway just|make an exception|off the record",
);
const FRUSTRATED = phraseMatcher(
  "again|seriously|come on|why (?:is|has|hasn't|won't|didn't)|this is (?:taking|ridiculous|broken)|nobody|stuck|third time|" +
    'still not|not working|how many times|keeps failing|never works',
);
const IMPATIENT = /\b(?:asap|right now|waiting|hurry)\b/i;

/** A graded row reduced to what the rule view needs. */
export interface RuleRowSummary {
  /** The row's rule axis value. */
  rule: string;
  /** null when ungraded. */
  reward: number | null;
  /** The tool fault the row's calls ended in (timeout, malformed, ...), or null/absent when none. */
  fault?: string | null;
}

export interface CoverageGapOptions {
  tools: readonly unknown[];
  system_prompt?: string;
  /** Most clauses to check; null (the default, RULE_AXIS_CAP_REPORT) checks every clause. */
  rule_cap?: number | null;
  rows?: readonly RuleRowSummary[];
}

export interface CoverageGapAsk {
  ask: string;
  tools: string[];
  rules: string[];
  stance: string;
}

export interface AxisTouch {
  counts: Record<string, number>;
  untouched: string[];
}

export interface StuckRule {
  rule: string;
  rows: number;
  outcome: string;
  note: string;
}

/** Which parts of an agent's policy the asks a suite already sends never reach (SDK `coverage_gap`). */
export interface CoverageGap {
  n_asks: number;
  asks: string[];
  axes: Record<Axis, AxisTouch>;
  rules: string[];
  n_rules_total: number;
  rules_truncated: boolean;
  rule_cap: number | null;
  untested_rules: string[];
  untested_tools: string[];
  stances: Record<string, number>;
  /** Asks whose words show a stance other than ordinary (adversarial, retry, hurried). */
  pressure_asks: number;
  /** True when every ask appears once: one rollout cannot tell a flake from a failure. */
  single_shot: boolean;
  per_ask: CoverageGapAsk[];
  /** Each names its fix. */
  notes: string[];
  summary: string;
  /** With `rows` only. */
  rows_per_rule?: Record<string, number>;
  failures_per_rule?: Record<string, number>;
  rules_with_no_rows?: string[];
  rules_the_world_never_triggers?: StuckRule[];
}

/**
 * Places each ask on the axes by its words (the tools it names or implies, the rule clauses it shares words
 * with, the stance its words show) and lists what no ask reaches. world_state and tool_condition cannot be read
 * from an ask, so the notes always say so.
 */
export function coverageGap(asks: readonly (string | { prompt?: unknown })[], options: CoverageGapOptions): CoverageGap {
  const ruleCap = options.rule_cap === undefined ? null : options.rule_cap;
  const source: AxisSource = { tools: options.tools, system_prompt: options.system_prompt ?? '' };
  const { rules, total } = policySections(policyText(source), ruleCap);
  const dimensions = { ...buildAxes(source, { rule_cap: ruleCap }), rule: rules.length > 0 ? rules : [UNSPECIFIED] };
  const askList = normalizeAsks(asks);
  const names = options.tools.map((tool) => toolParts(tool).name).filter(Boolean);
  const capNote = ruleCapNote(rules.length, total, ruleCap);
  const ruleTools = new Map(rules.map((rule) => [rule, names.filter((name) => policyMentions(name, rule))]));
  const ruleWords = new Map(rules.map((rule) => [rule, contentWords(rule)]));

  const touched = Object.fromEntries(AXES.map((axis) => [axis, new Map<string, number>()])) as Record<Axis, Map<string, number>>;
  const bump = (axis: Axis, value: string) => touched[axis].set(value, (touched[axis].get(value) ?? 0) + 1);
  const perAsk: CoverageGapAsk[] = askList.map((ask) => {
    const words = contentWords(ask);
    const hitTools = names.filter((name) => askNamesTool(ask, name));
    const hitRules = rules.filter((rule) => {
      if (isBranchRule(rule)) return [...ruleWords.get(rule)!].filter((word) => words.has(word)).length >= BRANCH_OVERLAP;
      const mentioned = ruleTools.get(rule)!;
      // A standing rule that names no tool ("never invent order details") is in play on every ask.
      return mentioned.length === 0 || mentioned.some((name) => hitTools.includes(name));
    });
    const stance = askStance(ask);
    for (const value of hitTools.length > 0 ? hitTools : [UNRELATED_TOOL]) bump('tool', value);
    if (hitTools.length > 1) bump('tool', MULTI_TOOL);
    for (const rule of hitRules) bump('rule', rule);
    if (rules.length === 0) bump('rule', UNSPECIFIED);
    bump('stance', stance);
    bump('history', 'fresh');
    return { ask, tools: hitTools, rules: hitRules, stance };
  });

  const axes = Object.fromEntries(
    AXES.map((axis) => {
      const counts = Object.fromEntries(dimensions[axis].map((value) => [value, touched[axis].get(value) ?? 0]));
      return [axis, { counts, untouched: Object.keys(counts).filter((value) => counts[value] === 0) }];
    }),
  ) as Record<Axis, AxisTouch>;
  const untestedRules = rules.filter((rule) => !touched.rule.get(rule));
  const untestedTools = names.filter((name) => !touched.tool.get(name));
  const repeats = new Map<string, number>();
  for (const ask of askList) {
    const key = ask.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
    repeats.set(key, (repeats.get(key) ?? 0) + 1);
  }
  const singleShot = askList.length > 0 && [...repeats.values()].every((count) => count === 1);
  const pressure = perAsk.filter((entry) => entry.stance !== 'ordinary').length;

  const findings: GapFindings = { capNote, untestedRules, untestedTools, singleShot, pressure };
  const notes = gapNotes(findings);
  const summary = gapSummary(findings, { asks: askList.length, rules: rules.length, total, tools: names.length });

  const report: CoverageGap = {
    n_asks: askList.length,
    asks: askList,
    axes,
    rules,
    n_rules_total: total,
    rules_truncated: capNote !== undefined,
    rule_cap: ruleCap,
    untested_rules: untestedRules,
    untested_tools: untestedTools,
    stances: Object.fromEntries(touched.stance),
    pressure_asks: pressure,
    single_shot: singleShot,
    per_ask: perAsk,
    notes,
    summary,
  };
  if (options.rows) addRowsView(report, options.rows);
  return report;
}

/** Per-rule row counts and the rules whose every row ended in the same tool fault. */
function addRowsView(report: CoverageGap, rows: readonly RuleRowSummary[]): void {
  const byRule = new Map<string, RuleRowSummary[]>();
  for (const row of rows) {
    if (!row.rule) continue;
    const list = byRule.get(row.rule);
    if (list) list.push(row);
    else byRule.set(row.rule, [row]);
  }
  const sorted = [...byRule.keys()].sort();
  const stuck: StuckRule[] = [];
  for (const rule of sorted) {
    const outcomes = new Set(byRule.get(rule)!.map((row) => row.fault ?? null));
    const only = outcomes.size === 1 ? [...outcomes][0] : undefined;
    if (only) {
      stuck.push({
        rule,
        rows: byRule.get(rule)!.length,
        outcome: only,
        note: 'the asks reach this rule but the world never triggers it: add a fixture case',
      });
    }
  }
  report.rows_per_rule = Object.fromEntries(sorted.map((rule) => [rule, byRule.get(rule)!.length]));
  report.failures_per_rule = Object.fromEntries(
    sorted.map((rule) => [rule, byRule.get(rule)!.filter((row) => isFailure(row.reward)).length]),
  );
  report.rules_with_no_rows = report.rules.filter((rule) => !byRule.has(rule));
  report.rules_the_world_never_triggers = stuck;
  if (stuck.length > 0) {
    report.notes.push(
      `${plural(stuck.length, 'rule')} whose every row ended in the same tool fault: the asks reach the rule but the world ` +
        'never triggers it, so add a fixture case that lets it happen',
    );
    report.summary += `; ${stuck
      .slice(0, 2)
      .map((entry) => shortRule(entry.rule))
      .join(', ')} never triggered in the world`;
  }
}

/** The stance an ask's words show; only adversarial, retry and hurried leave a mark in text. */
export function askStance(ask: string): string {
  if (ADVERSARIAL.test(ask)) return 'adversarial';
  if (FRUSTRATED.test(ask)) return 'retry';
  if (IMPATIENT.test(ask)) return 'hurried';
  return 'ordinary';
}

function normalizeAsks(asks: readonly (string | { prompt?: unknown })[]): string[] {
  return asks
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' ? String(item.prompt ?? '') : ''))
    .filter((text) => text.trim());
}

/** Case-insensitive match, as whole words, of any alternative of a regular-expression alternation. */
function phraseMatcher(alternation: string): RegExp {
  return new RegExp(`\\b(?:${alternation})\\b`, 'i');
}
