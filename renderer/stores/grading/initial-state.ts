import type { GradeJob, GradesSummary } from '../../../shared/api/grades';
import type { Axis, LabelValue } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';
import { initialGradeForm, type GradeForm, type GradeFormField } from './judge-choice';

/** A grading job as the Run screen follows it: `starting` until grades.run answers with its id. */
export interface GradeJobState {
  id: string | null;
  run_id: string;
  /** The judge as asked (`conduct`, a model spec, `decision:...`). */
  judge: string;
  /** Judge keys in grading order (`conduct@1` first); empty until the job answers. */
  judges: string[];
  status: 'starting' | GradeJob['status'];
  /** Row gradings done and planned over all judges of the job (rows x judges); total null until counted. */
  done: number;
  total: number | null;
  message: string | null;
  isCancelling: boolean;
}

/** What the model check (no model is called) said about the typed judge spec. */
export interface JudgeCheck {
  /** The spec checked; null when nothing is checked. */
  spec: string | null;
  status: LoadStatus;
  /** Refusals at the judge field (a slash form, a missing key): grading would be refused. */
  issues: string[];
  /** Worth reading, not blocking (the judge is the agent's own model). */
  notes: string[];
}

/** Rows to label at once: a table selection, a coverage cell (its rows are read first), or one row. */
export type LabelTarget =
  | { kind: 'rows'; run_id: string; row_ids: readonly string[] }
  | { kind: 'cell'; run_id: string; cell: Partial<Record<Axis, string>> }
  | { kind: 'row'; run_id: string; row_id: string };

/**
 * `resolving`: reading a cell's row ids; `confirm`: N is known and the person confirms; `name`: no annotator name
 * is set, so it is asked once; `saving`; `done`; `error`.
 */
export type LabelStage = 'resolving' | 'confirm' | 'name' | 'saving' | 'done' | 'error';

export interface LabelRequest {
  /** Bumped per request: answers for an older one are dropped. */
  id: number;
  target: LabelTarget;
  label: LabelValue;
  stage: LabelStage;
  /** The rows that will be labelled; null while a cell's rows are read. */
  row_ids: readonly string[] | null;
  error: string | null;
  /** From main (e.g. an unsigned label); shown above the outcome. */
  warnings: string[];
  /** Labels stored, once done. */
  stored: number | null;
}

export interface AnnotatorState {
  status: LoadStatus;
  /** The name stamped on every label; null when none is set. */
  name: string | null;
  error: string | null;
  isSaving: boolean;
}

/** The last single-row label given from the Conversation view. */
export interface RowLabelState {
  row_id: string | null;
  label: LabelValue | null;
  status: 'idle' | 'saving' | 'saved' | 'error';
  error: string | null;
}

export interface GradingState {
  runId: string | null;
  summary: GradesSummary | null;
  summaryStatus: LoadStatus;
  summaryError: string | null;
  form: GradeForm;
  check: JudgeCheck;
  job: GradeJobState | null;
  /** Why grading was refused, when it is not about one field. */
  startError: string | null;
  fieldError: { field: GradeFormField; message: string } | null;
  annotator: AnnotatorState;
  request: LabelRequest | null;
  rowLabel: RowLabelState;
  /** A conflict being settled from the conversation view: which row, and whether main refused it. */
  settle: { row_id: string | null; status: 'idle' | 'saving' | 'error'; error: string | null };
  /**
   * Per run, bumped whenever grades or labels of it change in this window (a job ended, labels were given): views
   * holding its rows (the table, a conversation) read them again.
   */
  revisions: Readonly<Record<string, number>>;
}

export const initialJudgeCheck: JudgeCheck = { spec: null, status: 'idle', issues: [], notes: [] };

export const initialGradingState: GradingState = {
  runId: null,
  summary: null,
  summaryStatus: 'idle',
  summaryError: null,
  form: initialGradeForm,
  check: initialJudgeCheck,
  job: null,
  startError: null,
  fieldError: null,
  annotator: { status: 'idle', name: null, error: null, isSaving: false },
  request: null,
  rowLabel: { row_id: null, label: null, status: 'idle', error: null },
  settle: { row_id: null, status: 'idle', error: null },
  revisions: {},
};
