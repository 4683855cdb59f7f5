import { z } from 'zod';
import type { Row, ToolSpec } from '../../../shared/domain';
import { carryMemberText, carryValuesOf, GRADE_CARRY_END, GRADE_CARRY_START, gradeCarryValues } from './carry';
import type { ExportGrade, RunContext } from '../export-input';
import { jsonString } from './json-text';
import { findLeak } from '../gates/leak-gate';
import { holdsPrivileged, mayLowerTo, privilegedNeedles } from '../gates/scrub';
import { type CleanLineStats, cleanLineStats, type SftLineShape, sftLineShape } from '../gates/sft-line-check';
import { openAiMessagesText, trlMessagesText } from './sft-line-text';
import { sha1Hex } from '../sha1';
import type { LineProblem } from '../gates/line-problems';
import { validateOpenAiLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';
import { openAiLine } from './openai-format';
import { trlLine } from './trl-format';
import { functionTools, sealedToolsJson } from './tool-schemas';
import type { SftFormat, TrainingExportOptions } from './training-export';
import { type TrainingSample, trainingSamples } from './training-samples';

/**
 * Bumped whenever a change to the exporters changes a line a prepared row would give: rows prepared before then no
 * longer match any export's recipe and take the general path (prepared-line.test.ts pins one line's text to it).
 */
export const PREPARED_LINE_VERSION = 2;

export const LeakHitFact = z.object({
  rollout_id: z.string(),
  scenario_id: z.string(),
  rollout_index: z.number(),
  field: z.string(),
  needle: z.string(),
});

/** What the gates and counters of an SFT export count for a prepared row (see TrainingTally.preparedLine). */
export const PreparedFacts = z
  .object({
    /** Messages of the line without the system prompt. */
    messages: z.number().int().positive(),
    user: z.boolean(),
    /** Tool calls: the round-trip gate's count. */
    calls: z.number().int().nonnegative(),
    trained: z.number().int().positive(),
    masked: z.number().int().nonnegative(),
    empty_turns: z.number().int().nonnegative(),
    tool_calls: z.boolean(),
    /** The leak gate's finding: null when the row carries no privileged text, else its hit or none. */
    leak: z.object({ hit: LeakHitFact.nullable() }).strict().nullable(),
    /**
     * The length of the shortest privileged text a grade may not quote (lowercased), null when the row has none: a
     * grade with no string that long cannot quote one, so the texts themselves are read only for a grade that could.
     */
    needle_min: z.number().int().positive().nullable(),
  })
  .strict();
export type PreparedFacts = z.infer<typeof PreparedFacts>;

/**
 * The parts of a row's line in the default SFT export (OpenAI-compatible, every assistant turn trained, `<think>`
 * removed, tool outputs whole) and of its metadata (the ask, the loss mask, the carry keys) that the row alone
 * decides, made once when the row is stored. An export joins them with the run's system prompt and tools and the row's
 * latest grade: concatenation, where the general path builds, checks and serialises the whole line again. The text is
 * the general path's, byte for byte, wherever the metadata goes (prepared-line.test.ts and the store's export tests
 * hold the two to it). The default TRL export (every assistant turn trained) shares all but the messages, kept beside
 * them in TRL's wire shape.
 */
export interface PreparedLine {
  /** Which exports may use it: see preparedRecipe. */
  recipe: string;
  /** The format whose wire shape `messages` is in. */
  format: SftFormat;
  /** The row's messages in wire shape, comma-joined (the system prompt is the run's, joined on export). */
  messages: string;
  /** The ask, as JSON text. */
  prompt: string;
  /** The loss mask of `messages`, comma-joined. */
  mask: string;
  /** The carry members before the grade's (`rollout_id` to `phrasing_index`). */
  head: string;
  /** The carry members after the grade's (`arm` to `lineage`); '' when none. */
  tail: string;
  facts: PreparedFacts;
  /**
   * What the format's line check finds in the line: the calls of tools the run does not offer (the one problem a
   * prepared line may have), paths as in a line without the system message (see problemsAfterSystem); mostly none.
   */
  problems: readonly LineProblem[];
}

/**
 * A prepared line as it is stored (OpenAI's messages, TRL's beside them), with the privileged texts its grade may not
 * quote (read only when one could).
 */
export interface StoredPreparedLine extends PreparedLine {
  format: 'openai';
  /** The messages of the row's default TRL line; null when that line is not clean where the OpenAI one is (read whole). */
  trl_messages: string | null;
  /** The line check's problems with the row's TRL line (see `problems`). */
  trl_problems: readonly LineProblem[];
  needles: readonly string[];
}

/** A row read for an SFT export as its prepared line and its grade, without its body. */
export interface PreparedInput extends ExportGrade {
  prepared: PreparedLine;
}

/** The options of the one export prepared lines serve: the app's default SFT export. */
const DEFAULT_SFT: TrainingExportOptions = {};
/** Its lines are checked as if they carried their extras, the strictest check, so a prepared line serves every metadata mode. */
const CHECKED_AS: TrainingExportOptions = { metadata: 'inline' };

/** Whether an SFT export with these options writes the lines rows are prepared for (the metadata may go anywhere). */
export function servesPreparedLines(options: TrainingExportOptions): boolean {
  return (
    (options.mask_mode ?? 'assistant') === 'assistant' &&
    options.unroll !== true &&
    options.strip_think !== false &&
    (options.max_tool_output_chars ?? null) === null
  );
}

/**
 * The key of the lines a run's rows are prepared for: this version and the run's tool list (which decides whether a
 * call's name passes the line check). An export uses the prepared lines whose recipe is its own, and reads the body
 * of every other row.
 */
export function preparedRecipe(context: RunContext): string {
  return toolsPreparation(context.tools).recipe;
}

/** What a run's tool list alone decides of each of its rows' prepared lines, made once per list (not once per row). */
interface ToolsPreparation {
  recipe: string;
  shape: SftLineShape | null;
  trlShape: SftLineShape | null;
}

const preparations = new WeakMap<readonly ToolSpec[], ToolsPreparation>();

function toolsPreparation(tools: readonly ToolSpec[]): ToolsPreparation {
  let preparation = preparations.get(tools);
  if (!preparation) {
    const sealed = tools.length > 0 ? (sealedToolsJson(functionTools(tools)) ?? '') : '';
    const bare: RunContext = { system_prompt: '', tools };
    preparation = {
      recipe: `${PREPARED_LINE_VERSION}:${sha1Hex(sealed)}`,
      shape: sftLineShape(bare, CHECKED_AS),
      trlShape: sftLineShape(bare, { ...CHECKED_AS, format: 'trl' }),
    };
    preparations.set(tools, preparation);
  }
  return preparation;
}

/**
 * The prepared line of a row stored by a run with this context, or null when the general path must write the row (a
 * system turn of its own, no trained turn, a line the fast checks cannot clear, a carry value holding privileged text).
 */
export function prepareLine(row: Row, context: RunContext): StoredPreparedLine | null {
  const bare: RunContext = { system_prompt: '', tools: context.tools };
  const { recipe, shape, trlShape } = toolsPreparation(context.tools);
  if (!shape || typeof row.prompt !== 'string' || row.messages.some((message) => message.role === 'system')) return null;
  const input = { row, reward: null };
  const [sample] = trainingSamples(input, bare, DEFAULT_SFT);
  if (!sample || sample.tool_output_truncated > 0) return null;
  const checked = checkedLine(sample, shape, bare);
  const messages = openAiMessagesText(sample.messages, sample.loss_mask);
  const { values, privileged } = carryValuesOf(input);
  if (!checked || messages === null || privileged) return null;
  const { stats, problems } = checked;
  const trl = trlShape ? trlLineOf(sample, stats, trlShape, bare) : null;
  const trained = sample.loss_mask.filter((weight) => weight === 1).length;
  const assistant = sample.messages.filter((message) => message.role === 'assistant').length;
  const hasPrivileged = row.privileged !== undefined && Object.keys(row.privileged).length > 0;
  const needles = [...privilegedNeedles(row)];
  return {
    recipe,
    format: 'openai',
    messages,
    problems,
    trl_messages: trl?.messages ?? null,
    trl_problems: trl?.problems ?? NO_PROBLEMS,
    prompt: jsonString(row.prompt),
    mask: sample.loss_mask.join(','),
    head: carryMemberText(values.slice(0, GRADE_CARRY_START)),
    tail: carryMemberText(values.slice(GRADE_CARRY_END), GRADE_CARRY_END),
    facts: {
      messages: sample.messages.length,
      user: stats.user,
      calls: stats.calls,
      trained,
      masked: assistant - trained,
      empty_turns: sample.empty_turns_dropped,
      tool_calls: row.messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0),
      leak: hasPrivileged ? { hit: findLeak(input) } : null,
      needle_min: needles.length === 0 ? null : Math.min(...needles.map((needle) => needle.toLowerCase().length)),
    },
    needles,
  };
}

const NO_PROBLEMS: readonly LineProblem[] = [];

/** A line's stats, and the problems the format's check finds in it: none when it is clean. */
interface CheckedLine {
  stats: CleanLineStats;
  problems: readonly LineProblem[];
}

/**
 * The stats of a sample's line in the shape's format, with the problems its check finds: none for a clean line; for a
 * line clean but for calls of tools the run does not offer, the validator's problems (the same whatever the metadata
 * mode, else null: read whole). Null when the line may fail anything else (the general path then checks it).
 */
function checkedLine(sample: TrainingSample, shape: SftLineShape, context: RunContext): CheckedLine | null {
  const stats = cleanLineStats(sample, shape);
  if (stats) return { stats, problems: NO_PROBLEMS };
  const named = cleanLineStats(sample, { ...shape, toolNames: null, requireTools: false });
  if (!named || shape.toolNames === null) return null;
  const problems = lineProblems(sample, shape, context, CHECKED_AS);
  const text = JSON.stringify(problems);
  const isNamesOnly = problems.length > 0 && problems.every((problem) => problem.type === 'tool_name_unknown');
  return isNamesOnly && JSON.stringify(lineProblems(sample, shape, context, DEFAULT_SFT)) === text ? { stats: named, problems } : null;
}

function lineProblems(sample: TrainingSample, shape: SftLineShape, context: RunContext, options: TrainingExportOptions): LineProblem[] {
  const requireTools = context.tools.length > 0;
  return shape.format === 'openai'
    ? validateOpenAiLine(openAiLine(sample, context, options), { requireTools })
    : validateTrlLine(trlLine(sample, context, false, options), 'sft', { requireTools });
}

/**
 * The messages of a sample's default TRL line and its problems, when that line passes TRL's checks as the OpenAI line
 * passes OpenAI's and they count the same (so the facts serve both); else null.
 */
function trlLineOf(sample: TrainingSample, stats: CleanLineStats, shape: SftLineShape, context: RunContext) {
  const trl = checkedLine(sample, shape, context);
  const isSame =
    trl && trl.stats.counted && trl.stats.messages === stats.messages && trl.stats.user === stats.user && trl.stats.calls === stats.calls;
  const messages = isSame ? trlMessagesText(sample.messages) : null;
  return messages === null ? null : { messages, problems: trl!.problems };
}

/**
 * A prepared line's problems as the line check finds them in a line that opens with the run's system message: each
 * path's message index one further.
 */
export function problemsAfterSystem(problems: readonly LineProblem[]): LineProblem[] {
  return problems.map((problem) => ({
    ...problem,
    path: problem.path.replace(/^messages\[(\d+)\]/, (_match, index: string) => `messages[${Number(index) + 1}]`),
  }));
}

/** Whether a grade could quote a privileged text of the line's row: only then are the texts read to decide. */
export function gradeMayQuote(facts: PreparedFacts, grade: ExportGrade): boolean {
  const shortest = facts.needle_min;
  if (shortest === null) return false;
  // The grade's strings among its carry values (gradeCarryValues): the rest are numbers.
  return (
    mayHold(grade.reason, shortest) ||
    mayHold(grade.label_source, shortest) ||
    mayHold(grade.judge_status, shortest) ||
    mayHold(grade.judge_name, shortest) ||
    mayHold(grade.failure_class, shortest) ||
    mayHold(grade.gold?.kind, shortest)
  );
}

const mayHold = (value: string | null | undefined, shortest: number): boolean => typeof value === 'string' && mayLowerTo(value, shortest);

/** Whether a prepared line can carry this grade: not when the grade's words quote one of the row's privileged texts. */
export function gradeFitsPrepared(needles: readonly string[], grade: ExportGrade): boolean {
  return needles.length === 0 || !holdsPrivileged(gradeCarryValues(grade), needles);
}
