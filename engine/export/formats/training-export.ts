import type { ExportInput, RunContext } from '../export-input';
import { ExportRefusedError } from '../export-refused-error';
import type { FileCheckReport } from '../gates/file-check';
import type { LeakReport } from '../gates/leak-gate';
import type { RoundtripReport } from '../gates/roundtrip-gate';
import type { RowStream } from '../source';
import type { JsonlLine } from './framed-line';
import type { MaskMode } from './loss-mask';
import { MetadataNumbering } from './metadata-line';
import type { LineOptions } from './openai-format';
import type { PreparedInput } from './prepared-line';
import type { RewardSummary } from './reward-summary';
import type { SampleOptions } from './training-samples';
import { type TrainingState, TrainingTally } from './training-tally';

/** A row as an SFT export reads it: whole, or as its prepared line (the store's rows, when the export is the default). */
export type TrainingInput = ExportInput | PreparedInput;

export const SFT_FORMATS = ['openai', 'trl'] as const;
export type SftFormat = (typeof SFT_FORMATS)[number];

export interface TrainingExportOptions extends SampleOptions, LineOptions {
  format?: SftFormat;
  /** On (default): a failed gate refuses the file (the stream throws at its end). Off: writes and reports. */
  validate?: boolean;
}

export interface TrainingReport {
  /** Rows read. */
  n: number;
  /** Lines written (unrolled rows give several). */
  n_written: number;
  rewards: RewardSummary;
  with_system: number;
  with_tools: number;
  format: SftFormat;
  mask_mode: MaskMode;
  unroll: boolean;
  /** Rows with no assistant turn: nothing to learn, not written. */
  no_assistant_dropped: number;
  tool_output_truncated: number;
  tool_output_chars_cut: number;
  /** Assistant turns that were only `<think>` reasoning: dropped, since an empty turn teaches nothing. */
  empty_turns_dropped: number;
  /** TRL: assistant turns trained on, and assistant turns kept only as context. */
  trained_messages: number;
  masked_messages: number;
  /** Rows that call tools while the file carries no tool schemas (a warning says so). */
  tool_rows_without_schemas: number;
  /** Rows written (a line or more) whose latest grade is not a full pass, and rows written without a grade. */
  written_grades: { failing: number; ungraded: number };
  tool_call_roundtrip: RoundtripReport;
  privileged_leaks: LeakReport;
  line_check: FileCheckReport;
  warnings: string[];
}

/** Lines to write and the report, final once the lines have been read to the end. */
export interface ExportStream<Report, Line = string> {
  /** Synchronous when the rows are (a list, a generator, pages read from the store): no promise per line. */
  lines: AsyncIterable<Line> | Iterable<Line>;
  report(): Report;
  /**
   * With sidecar metadata: the metadata lines (metadata-line.ts) of the lines read since the last call, in order. A
   * writer takes them after each line it reads, so the two files grow together.
   */
  takeMetadata?: () => string[];
}

/** The SFT stream, plus its counts as data (for a part exported in a worker thread). */
export interface TrainingStream<Line = string> extends ExportStream<TrainingReport, Line> {
  state(): TrainingState;
}

/**
 * SFT export, one row at a time: each row becomes one line (or one per assistant turn with `unroll`) in the
 * OpenAI-compatible or TRL shape, checked by the format's validator, the tool-call round-trip gate and the
 * privileged-leak gate (on the pre-scrub row). `context` is the run's system prompt and tools; null means
 * unknown, which warns when tool-calling rows go out.
 */
export function exportTraining(
  source: RowStream<TrainingInput>,
  context: RunContext | null,
  options: TrainingExportOptions = {},
): TrainingStream {
  return trainingStream(source, context, options, (tally, input) => tally.rowLines(input, options));
}

/** `exportTraining` whose prepared rows' lines come framed (framed-line.ts): for a writer, which copies the frame's bytes. */
export function exportTrainingFramed(
  source: RowStream<TrainingInput>,
  context: RunContext | null,
  options: TrainingExportOptions = {},
): TrainingStream<JsonlLine> {
  return trainingStream<JsonlLine>(source, context, options, (tally, input) =>
    'prepared' in input ? [tally.preparedJsonlLine(input)] : tally.rowLines(input, options),
  );
}

function trainingStream<Line>(
  source: RowStream<TrainingInput>,
  context: RunContext | null,
  options: TrainingExportOptions,
  rowLines: (tally: TrainingTally, input: TrainingInput) => Line[],
): TrainingStream<Line> {
  const validate = options.validate ?? true;
  const tally = new TrainingTally(context, options);

  const refuse = () => {
    const reasons = validate ? tally.refusals() : [];
    if (reasons.length > 0) throw new ExportRefusedError({ reasons, report: tally.report() });
  };
  async function* streamed(rows: AsyncIterable<TrainingInput>): AsyncGenerator<Line> {
    for await (const input of rows) for (const line of rowLines(tally, input)) yield line;
    refuse();
  }
  // A list or a generator (pages read from the store) gives its lines synchronously: no promise per row or line.
  function* listed(rows: Iterable<TrainingInput>): Generator<Line> {
    for (const input of rows) for (const line of rowLines(tally, input)) yield line;
    refuse();
  }

  const lines = Symbol.asyncIterator in source ? streamed(source) : listed(source);
  const numbering = new MetadataNumbering();
  return {
    lines,
    report: () => tally.report(),
    state: () => tally.state(),
    ...(tally.metadata === 'sidecar' ? { takeMetadata: () => numbering.lines(tally.takeMetadata()) } : {}),
  };
}
