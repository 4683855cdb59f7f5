import type { LabelKind, LabelValue, Row, ToolSpec } from '../../shared/domain';
import { isPass } from '../../shared/domain/verdict';
import type { JUDGE_STATUSES, LABEL_SOURCES } from '../../shared/domain/grade';

/** A human (or program) label joined to the row; `reward` is 1 for pass, 0 for fail, null when the label has no verdict. */
export interface ExportGold {
  reward: number | null;
  kind: LabelKind;
  label?: LabelValue;
}

/** One row as the exporters read it: the stored row plus its grade, joined by the caller. */
export interface ExportInput {
  row: Row;
  /** 0..1, or null when ungraded or the judge gave none. */
  reward: number | null;
  reason?: string;
  label_source?: (typeof LABEL_SOURCES)[number];
  judge_name?: string;
  judge_status?: (typeof JUDGE_STATUSES)[number];
  failure_class?: string | null;
  gold?: ExportGold;
}

/** The grade and label joined to a row: everything of an ExportInput but the row. */
export type ExportGrade = Omit<ExportInput, 'row'>;

/** What every row of one run shares and a training file must carry: joined on export, never stored per row. */
export interface RunContext {
  system_prompt: string;
  tools: readonly ToolSpec[];
}

export const EMPTY_CONTEXT: RunContext = { system_prompt: '', tools: [] };

export const scenarioOf = (input: ExportInput): string => input.row.situation.scenario_id;

export const hasToolCalls = (row: Row): boolean =>
  row.messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0);

export { isPass };

/** A human label of `simulator_error` means the simulated person broke the conversation: never trained on. */
export const isSimulatorError = (input: Pick<ExportInput, 'gold'>): boolean => input.gold?.label === 'simulator_error';
