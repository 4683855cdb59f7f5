import { withPositionalCallIds } from '../call-ids';
import { lineJson } from '../line-json';
import { sameMessage } from './same-message';
import { MetadataNumbering } from '../metadata-line';
import { EMPTY_CONTEXT, type RunContext } from '../../export-input';
import { ExportRefusedError } from '../../export-refused-error';
import { FileCheck, type FileCheckReport } from '../../gates/file-check';
import { LeakGate, type LeakReport } from '../../gates/leak-gate';
import { isRecord } from '../../gates/line-problems';
import { type MetadataMode, openAiMessage } from '../openai-format';
import type { PreferencePair } from '../../selection/preference-pairs';
import { RoundtripGate, type RoundtripReport } from '../../gates/roundtrip-gate';
import { privilegedNeedles, redactPrivileged, scrubPrivileged } from '../../gates/scrub';
import type { RowStream } from '../../source';
import { functionTools } from '../tool-schemas';
import type { ExportStream } from '../training-export';
import { refusalReasons } from '../training-tally';
import { sampleMessages, type SampleMessage } from '../training-samples';
import { trlMessage } from '../trl-format';
import { validateOpenAiLine, validateOpenAiPreferenceLine } from '../../gates/validate-openai';
import { validateTrlLine } from '../../gates/validate-trl';

/**
 * `openai`: OpenAI's DPO line (also Together's and Fireworks'): `input.messages` = the shared prefix, one assistant
 * message each in `preferred_output` / `non_preferred_output`. `trl`: `prompt` = the shared prefix, `chosen` /
 * `rejected` = the turn where the sides diverge, arguments as objects. `full`: the SDK's own `openai` shape,
 * `{prompt: ask, chosen: [whole conversation], rejected: [whole conversation]}`.
 */
export const PREFERENCE_FORMATS = ['openai', 'trl', 'full'] as const;
export type PreferenceFormat = (typeof PREFERENCE_FORMATS)[number];

export interface PreferenceExportOptions {
  format?: PreferenceFormat;
  strip_think?: boolean;
  validate?: boolean;
  /** Where the pair's scores, models and lineage go (default `none`: the format's columns only; see LineOptions). */
  metadata?: MetadataMode;
}

export interface PreferenceReport {
  n_pairs: number;
  n_written: number;
  format: PreferenceFormat;
  /** Pairs whose sides never diverge on an assistant turn (e.g. the person, not the agent, differs first). */
  no_completion_dropped: number;
  /** Pairs where turns after the divergent one were cut (one assistant message per side). */
  turns_cut: number;
  tool_call_roundtrip: RoundtripReport;
  privileged_leaks: LeakReport;
  line_check: FileCheckReport;
  warnings: string[];
}

/** The first message where the sides differ, tool-call ids aside (they are per rollout; templates drop them). */
function divergence(chosen: SampleMessage[], rejected: SampleMessage[]): number {
  const [left, right] = [withPositionalCallIds(chosen), withPositionalCallIds(rejected)];
  let index = 0;
  while (index < left.length && index < right.length && sameMessage(left[index]!, right[index]!)) index++;
  return index;
}

/** The keys a preference line carries beyond its format's columns: scores, models, lineage. */
export function pairCarry(pair: PreferencePair): Record<string, unknown> {
  const needles = [...privilegedNeedles(pair.chosen.row), ...privilegedNeedles(pair.rejected.row)];
  return redactPrivileged(
    scrubPrivileged({
      prompt_text: pair.prompt,
      scenario_id: pair.chosen.row.situation.scenario_id,
      chosen_score: pair.chosen_score,
      rejected_score: pair.rejected_score,
      margin: pair.margin,
      chosen_model: pair.chosen_model,
      rejected_model: pair.rejected_model,
      same_policy: pair.same_policy,
      length_delta: pair.length_delta,
      chosen_lineage: pair.chosen_lineage,
      rejected_lineage: pair.rejected_lineage,
    }),
    needles,
  );
}

/** One pair as a line of the format, or null when the sides never diverge on an assistant turn. */
export function preferenceLine(
  pair: PreferencePair,
  context: RunContext,
  options: PreferenceExportOptions = {},
): { line: Record<string, unknown>; turns_cut: boolean } | null {
  const format = options.format ?? 'openai';
  const chosen = sampleMessages(pair.chosen.row.messages, context, options).messages;
  const rejected = sampleMessages(pair.rejected.row.messages, context, options).messages;
  const tools = context.tools.length > 0 ? functionTools(context.tools) : undefined;
  const carry = options.metadata === 'inline' ? pairCarry(pair) : {};
  if (format === 'full') {
    const line = {
      prompt: pair.prompt,
      chosen: chosen.map((message) => openAiMessage(message)),
      rejected: rejected.map((message) => openAiMessage(message)),
      ...(tools ? { tools } : {}),
    };
    const { prompt_text: _askIsThePrompt, ...rest } = carry;
    return { line: { ...line, ...rest }, turns_cut: false };
  }
  const at = divergence(chosen, rejected);
  const preferred = chosen[at];
  const nonPreferred = rejected[at];
  if (preferred?.role !== 'assistant' || nonPreferred?.role !== 'assistant') return null;
  const turnsCut = chosen.length > at + 1 || rejected.length > at + 1;
  const prefix = chosen.slice(0, at);
  if (format === 'openai') {
    const input: Record<string, unknown> = { messages: prefix.map((message) => openAiMessage(message)) };
    if (tools) input.tools = tools;
    return {
      line: { input, preferred_output: [openAiMessage(preferred)], non_preferred_output: [openAiMessage(nonPreferred)], ...carry },
      turns_cut: turnsCut,
    };
  }
  const line: Record<string, unknown> = {
    prompt: prefix.map(trlMessage),
    chosen: [trlMessage(preferred)],
    rejected: [trlMessage(nonPreferred)],
  };
  if (tools) line.tools = tools;
  return { line: { ...line, ...carry }, turns_cut: turnsCut };
}

function validatorFor(format: PreferenceFormat, requireTools: boolean): (line: unknown) => ReturnType<typeof validateOpenAiLine> {
  switch (format) {
    case 'openai':
      return (line) => validateOpenAiPreferenceLine(line, { requireTools });
    case 'trl':
      return (line) => validateTrlLine(line, 'preference', { requireTools });
    case 'full':
      return (line) => {
        if (!isRecord(line)) return [{ type: 'data_type', path: '', message: 'a line must be a JSON object' }];
        return (['chosen', 'rejected'] as const).flatMap((side) =>
          validateOpenAiLine({ messages: line[side], tools: line.tools }, { requireTools }).map((problem) => ({
            ...problem,
            path: `${side}.${problem.path}`,
          })),
        );
      };
    default: {
      const unknown: never = format;
      throw new Error(`unknown preference format ${String(unknown)}`);
    }
  }
}

/** `export_preference`: pairs to lines one at a time, with the round-trip gate on both sides and the leak gate. */
export function exportPreference(
  pairs: RowStream<PreferencePair>,
  context: RunContext | null,
  options: PreferenceExportOptions = {},
): ExportStream<PreferenceReport> {
  const format = options.format ?? 'openai';
  const run = context ?? EMPTY_CONTEXT;
  const lineCheck = new FileCheck(validatorFor(format, run.tools.length > 0));
  const roundtrip = new RoundtripGate(format === 'trl' ? 'trl' : 'openai');
  const leaks = new LeakGate();
  const counts = { pairs: 0, written: 0, noCompletion: 0, turnsCut: 0 };
  const pendingMetadata: string[] = [];
  const report = (): PreferenceReport => ({
    n_pairs: counts.pairs,
    n_written: counts.written,
    format,
    no_completion_dropped: counts.noCompletion,
    turns_cut: counts.turnsCut,
    tool_call_roundtrip: roundtrip.report(),
    privileged_leaks: leaks.report(),
    line_check: lineCheck.report(),
    warnings: [
      ...(counts.noCompletion > 0 ? [`${counts.noCompletion} pairs never diverge on an assistant turn and were not written`] : []),
      ...(context === null ? ['no run context: lines go out without the system prompt and tool schemas'] : []),
    ],
  });
  async function* lines(): AsyncGenerator<string> {
    for await (const pair of pairs as AsyncIterable<PreferencePair>) {
      counts.pairs += 1;
      leaks.check(pair.chosen);
      leaks.check(pair.rejected);
      const made = preferenceLine(pair, run, options);
      if (!made) {
        counts.noCompletion += 1;
        continue;
      }
      if (made.turns_cut) counts.turnsCut += 1;
      lineCheck.add(made.line);
      roundtrip.check(made.line, counts.written);
      counts.written += 1;
      if (options.metadata === 'sidecar') pendingMetadata.push(metadataMembers(pair, format));
      yield lineJson(made.line);
    }
    if (options.validate ?? true) {
      const final = report();
      const reasons = refusalReasons(final.tool_call_roundtrip, final.privileged_leaks, final.line_check);
      if (reasons.length > 0) throw new ExportRefusedError({ reasons, report: final });
    }
  }
  const numbering = new MetadataNumbering();
  const takeMetadata = () => numbering.lines(pendingMetadata.splice(0));
  return { lines: lines(), report, ...(options.metadata === 'sidecar' ? { takeMetadata } : {}) };
}

/** The members of a pair's metadata: `full` lines already carry the ask as their `prompt`. */
function metadataMembers(pair: PreferencePair, format: PreferenceFormat): string {
  const { prompt_text: ask, ...rest } = pairCarry(pair);
  return JSON.stringify(format === 'full' ? rest : { prompt_text: ask, ...rest }).slice(1, -1);
}
