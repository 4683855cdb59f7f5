import { isFullPass } from '../../../shared/domain/verdict';
import { EMPTY_CONTEXT, hasToolCalls, type RunContext } from '../export-input';
import { FileCheck, type FileCheckReport, type FileCheckState } from '../gates/file-check';
import type { LineProblem } from '../gates/line-problems';
import { LeakGate, type LeakReport } from '../gates/leak-gate';
import { RoundtripGate, type RoundtripReport } from '../gates/roundtrip-gate';
import { cleanLineStats, type SftLineShape, sftLineShape } from '../gates/sft-line-check';
import { validateOpenAiLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';
import { lineJson } from './line-json';
import type { MaskMode } from './loss-mask';
import { type LineOptions, type MetadataMode, openAiExtras, openAiLine } from './openai-format';
import { type PreparedInput, preparedRecipe, problemsAfterSystem, servesPreparedLines } from './prepared-line';
import type { JsonlLine } from './framed-line';
import { preparedExtrasText, preparedFramedLine, preparedLineText } from './prepared-line-text';
import { RewardTally } from './reward-summary';
import { openAiExtrasText, openAiLineText, trlExtrasText, trlLineText } from './sft-line-text';
import type { SftFormat, TrainingExportOptions, TrainingInput, TrainingReport } from './training-export';
import { type TrainingSample, trainingSamples } from './training-samples';
import { trlExtras, trlLine } from './trl-format';

export const missingSchemasWarning = (rows: number) =>
  `${rows} rows call tools but the file carries no tool schemas: pass the run's tools (a selection ` +
  `carries them) or the trainer cannot render the calls`;

/** Prepared problems as problemsAfterSystem shifts them, once per list: the rows of a page share their parsed lists. */
const shifted = new WeakMap<readonly LineProblem[], readonly LineProblem[]>();

function shiftedOnce(problems: readonly LineProblem[]): readonly LineProblem[] {
  let after = shifted.get(problems);
  if (!after) shifted.set(problems, (after = problemsAfterSystem(problems)));
  return after;
}

type Counts = {
  n: number;
  written: number;
  withSystem: number;
  withTools: number;
  noAssistant: number;
  truncated: number;
  charsCut: number;
  emptyTurns: number;
  trained: number;
  masked: number;
  toolRowsWithoutSchemas: number;
  /** Rows written (a line or more) whose latest grade is not a full pass, and rows written ungraded. */
  failingWritten: number;
  ungradedWritten: number;
};

/** Everything an SFT export counts, as plain data: a part exported in a worker thread is carried over with it. */
export interface TrainingState {
  counts: Counts;
  line_check: FileCheckState;
  roundtrip: ReturnType<RoundtripGate['state']>;
  leaks: ReturnType<LeakGate['state']>;
  rewards: ReturnType<RewardTally['state']>;
}

/** The gates and counters of one SFT file; parts of the file checked elsewhere are absorbed in file order. */
export class TrainingTally {
  readonly format: SftFormat;
  readonly maskMode: MaskMode;
  readonly unroll: boolean;
  readonly metadata: MetadataMode;
  readonly run: RunContext;
  readonly promptCompletion: boolean;
  readonly lineCheck: FileCheck;
  readonly roundtrip: RoundtripGate;
  readonly leaks = new LeakGate();
  readonly rewards = new RewardTally();
  /** How lines are checked on the fast path; null when the run's tool list itself fails the check (every line then runs the validator). */
  private readonly shape: SftLineShape | null;
  /** The recipe of the prepared lines this export takes (prepared-line.ts); null when its options are not theirs. */
  readonly preparedRecipe: string | null;
  readonly counts: Counts = {
    n: 0,
    written: 0,
    withSystem: 0,
    withTools: 0,
    noAssistant: 0,
    truncated: 0,
    charsCut: 0,
    emptyTurns: 0,
    trained: 0,
    masked: 0,
    toolRowsWithoutSchemas: 0,
    failingWritten: 0,
    ungradedWritten: 0,
  };
  /** With sidecar metadata: the members of each line's metadata, in line order, until `takeMetadata` hands them on. */
  private pendingMetadata: string[] = [];

  constructor(context: RunContext | null, options: TrainingExportOptions) {
    this.format = options.format ?? 'openai';
    this.maskMode = options.mask_mode ?? 'assistant';
    this.unroll = options.unroll ?? false;
    this.metadata = options.metadata ?? 'none';
    this.run = context ?? EMPTY_CONTEXT;
    this.promptCompletion = this.maskMode === 'final' || this.unroll;
    const requireTools = this.run.tools.length > 0;
    const kind = this.promptCompletion ? 'prompt_completion' : 'sft';
    this.lineCheck = new FileCheck((line) =>
      this.format === 'openai' ? validateOpenAiLine(line, { requireTools }) : validateTrlLine(line, kind, { requireTools }),
    );
    this.roundtrip = new RoundtripGate(this.format);
    this.shape = sftLineShape(this.run, options);
    this.preparedRecipe = servesPreparedLines(options) ? preparedRecipe(this.run) : null;
  }

  /** One row's lines, counted and checked: none when it has no trained assistant turn, several when unrolled. */
  rowLines(input: TrainingInput, options: TrainingExportOptions): string[] {
    if ('prepared' in input) return [this.preparedLine(input)];
    const { counts, run } = this;
    counts.n += 1;
    this.leaks.check(input);
    this.rewards.add(input.reward);
    if (run.tools.length === 0 && hasToolCalls(input.row)) counts.toolRowsWithoutSchemas += 1;
    const samples = trainingSamples(input, run, options).filter((sample) => sample.loss_mask.includes(1));
    if (samples.length === 0) {
      counts.noAssistant += 1;
      return [];
    }
    counts.truncated += samples[0]!.tool_output_truncated;
    counts.charsCut += samples[0]!.tool_output_chars_cut;
    counts.emptyTurns += samples[0]!.empty_turns_dropped;
    const lines: string[] = [];
    for (const sample of samples) {
      lines.push(this.line(sample, options));
      if (sample.messages[0]?.role === 'system') counts.withSystem += 1;
      if (run.tools.length > 0) counts.withTools += 1;
      const { messages, loss_mask: mask } = sample;
      for (let index = 0; index < messages.length; index++) {
        if (messages[index]!.role !== 'assistant') continue;
        if (mask[index] === 1) counts.trained += 1;
        else counts.masked += 1;
      }
      counts.written += 1;
    }
    this.countWritten(input.reward);
    return lines;
  }

  /** Counts a written row by its grade (the reader of `--select all` is told how many failing and ungraded rows went in). */
  private countWritten(reward: number | null): void {
    if (reward === null) this.counts.ungradedWritten += 1;
    else if (!isFullPass(reward)) this.counts.failingWritten += 1;
  }

  /**
   * The text of one sample's line, through the gates: the line check and the tool-call round trip. A line the sample
   * shows to be clean is written straight from it and only counted; any other is built, checked in full and serialised.
   */
  line(sample: TrainingSample, options: LineOptions): string {
    if (this.metadata === 'sidecar') this.pendingMetadata.push(this.extrasText(sample));
    const stats = this.shape ? cleanLineStats(sample, this.shape) : null;
    if (stats) {
      const text =
        this.format === 'openai'
          ? openAiLineText(sample, this.run, options)
          : trlLineText(sample, this.run, this.promptCompletion, options);
      if (text !== null) {
        this.lineCheck.addClean(stats);
        this.roundtrip.addClean(stats.calls);
        return text;
      }
    }
    const line =
      this.format === 'openai' ? openAiLine(sample, this.run, options) : trlLine(sample, this.run, this.promptCompletion, options);
    this.lineCheck.add(line);
    this.roundtrip.check(line, this.counts.written);
    return lineJson(line);
  }

  /** The members of a sample's metadata: the format's extras, written straight when they can be, else serialised. */
  private extrasText(sample: TrainingSample): string {
    const text = this.format === 'openai' ? openAiExtrasText(sample) : trlExtrasText(sample);
    return text ?? JSON.stringify(this.format === 'openai' ? openAiExtras(sample) : trlExtras(sample)).slice(1, -1);
  }

  /** The metadata members of the lines made since the last call, in line order (sidecar metadata only). */
  takeMetadata(): string[] {
    const taken = this.pendingMetadata;
    this.pendingMetadata = [];
    return taken;
  }

  /**
   * A prepared row's line (see prepared-line.ts), counted as `rowLines` counts the row it was prepared from: its
   * checks ran when it was prepared, against the same tool list (the recipe says so), and only the system prompt
   * and the grade are joined here. The reader passes a row whole when its grade quotes privileged text
   * (`gradeFitsPrepared`), which only the general path redacts.
   */
  preparedLine(input: PreparedInput): string {
    this.countPrepared(input);
    return preparedLineText(input, this.run, this.metadata);
  }

  /** `preparedLine`, framed (framed-line.ts) where its metadata is not inline. */
  preparedJsonlLine(input: PreparedInput): JsonlLine {
    this.countPrepared(input);
    return this.metadata === 'inline' ? preparedLineText(input, this.run, this.metadata) : preparedFramedLine(input, this.run);
  }

  private countPrepared(input: PreparedInput): void {
    const { prepared } = input;
    if (prepared.recipe !== this.preparedRecipe || prepared.format !== this.format)
      throw new Error(
        `a line prepared for ${prepared.recipe} in ${prepared.format} reached an export of ` +
          `${this.preparedRecipe ?? 'other options'} in ${this.format}`,
      );
    const { counts, run } = this;
    const { facts } = prepared;
    const system = run.system_prompt.trim() !== '';
    counts.n += 1;
    this.leaks.addChecked(facts.leak);
    this.rewards.add(input.reward);
    if (run.tools.length === 0 && facts.tool_calls) counts.toolRowsWithoutSchemas += 1;
    counts.emptyTurns += facts.empty_turns;
    if (system) counts.withSystem += 1;
    if (run.tools.length > 0) counts.withTools += 1;
    counts.trained += facts.trained;
    counts.masked += facts.masked;
    counts.written += 1;
    this.countWritten(input.reward);
    const problems = system && prepared.problems.length > 0 ? shiftedOnce(prepared.problems) : prepared.problems;
    this.lineCheck.addKnown({ counted: true, messages: facts.messages + (system ? 1 : 0), system, user: facts.user }, problems);
    this.roundtrip.addClean(facts.calls);
    if (this.metadata === 'sidecar') this.pendingMetadata.push(preparedExtrasText(input, run));
  }

  state(): TrainingState {
    return {
      counts: { ...this.counts },
      line_check: this.lineCheck.state(),
      roundtrip: this.roundtrip.state(),
      leaks: this.leaks.state(),
      rewards: this.rewards.state(),
    };
  }

  /** Adds a part of the same file checked elsewhere, whose lines follow this tally's first `lineOffset` lines. */
  absorb(state: TrainingState, lineOffset: number): void {
    for (const key of Object.keys(this.counts) as (keyof Counts)[]) this.counts[key] += state.counts[key];
    this.lineCheck.absorb(state.line_check, lineOffset);
    this.roundtrip.absorb(state.roundtrip, lineOffset);
    this.leaks.absorb(state.leaks);
    this.rewards.absorb(state.rewards);
  }

  report(): TrainingReport {
    const { counts } = this;
    const warnings: string[] = [];
    if (counts.toolRowsWithoutSchemas > 0) warnings.push(missingSchemasWarning(counts.toolRowsWithoutSchemas));
    if (this.run.system_prompt.trim() === '' && counts.n > 0) warnings.push('no system prompt: lines start at the user turn');
    if (counts.noAssistant > 0) warnings.push(`${counts.noAssistant} rows have no assistant turn and were not written`);
    const lineCheck = this.lineCheck.report();
    return {
      n: counts.n,
      n_written: counts.written,
      rewards: this.rewards.summary(),
      with_system: counts.withSystem,
      with_tools: counts.withTools,
      format: this.format,
      mask_mode: this.maskMode,
      unroll: this.unroll,
      no_assistant_dropped: counts.noAssistant,
      tool_output_truncated: counts.truncated,
      tool_output_chars_cut: counts.charsCut,
      empty_turns_dropped: counts.emptyTurns,
      trained_messages: counts.trained,
      masked_messages: counts.masked,
      tool_rows_without_schemas: counts.toolRowsWithoutSchemas,
      written_grades: { failing: counts.failingWritten, ungraded: counts.ungradedWritten },
      tool_call_roundtrip: this.roundtrip.report(),
      privileged_leaks: this.leaks.report(),
      line_check: lineCheck,
      warnings: [...warnings, ...lineCheck.warnings.filter((warning) => !warning.includes('system message'))],
    };
  }

  /** The reasons a validating export refuses its file, or none. */
  refusals(): string[] {
    const report = this.report();
    return refusalReasons(report.tool_call_roundtrip, report.privileged_leaks, report.line_check);
  }
}

export function refusalReasons(roundtrip: RoundtripReport, leaks: LeakReport, lineCheck: FileCheckReport): string[] {
  const reasons: string[] = [];
  if (roundtrip.invalid > 0)
    reasons.push(`${roundtrip.invalid} tool calls fail the ${roundtrip.encoding} round trip (lines ${roundtrip.rows.join(', ')})`);
  if (leaks.n_leaked > 0) reasons.push(`${leaks.n_leaked} rows quote privileged text`);
  if (lineCheck.n_invalid > 0) {
    const types = Object.entries(lineCheck.errors).map(([type, count]) => `${type} x${count}`);
    reasons.push(`${lineCheck.n_invalid} lines break the format (${types.join(', ')})`);
  }
  return reasons;
}
