import type { LabelsUndoOutput, StoredAdjudication } from '../../../shared/api/labels';
import type { SettledValue } from '../../../shared/domain';
import { getAdjudication, insertAdjudication } from '../../store/labels/adjudications-repository';
import { authorLabelOnRow, getAnnotator, undoLabel } from '../../store/labels/labels-repository';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';

/**
 * labels.undo: takes one stored label back. The store keeps it (label_undos) and every read of the latest labels
 * (the queue, the table, gold and agreement) sees the row as before it; the answer says what its author's label is now.
 */
export function undoStoredLabel(context: AppContext, labelId: number): LabelsUndoOutput {
  const undone = undoLabel(context.db, labelId, context.now().toISOString());
  if (!undone) throw new ServiceError('NOT_FOUND', `There is no label ${labelId}: it was already undone, or never stored.`);
  return { undone, current: authorLabelOnRow(context.db, undone.row_id, undone.author) };
}

export interface AdjudicationRequest {
  label: SettledValue;
  note?: string | null | undefined;
}

/**
 * labels.adjudicate: settles a row's gold, signed with the annotator's name (a settlement always says who made it).
 * The labels stay as they were; the row's latest settlement is its gold from now on.
 */
export function adjudicateRow(context: AppContext, rowId: string, request: AdjudicationRequest): { adjudication: StoredAdjudication } {
  const author = getAnnotator(context.db);
  if (author === null) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      'Set your annotator name before settling a conflict: a settlement records who made it (labels.annotator.set, or the ' +
        'name in the Label view).',
    );
  }
  const note = request.note?.trim() ? request.note : null;
  const id = insertAdjudication(context.db, { row_id: rowId, label: request.label, author, note, created_at: context.now().toISOString() });
  if (id === null) throw new ServiceError('NOT_FOUND', `There is no row ${rowId}.`);
  return { adjudication: getAdjudication(context.db, id)! };
}
