import {
  annotatorName,
  exportLabels,
  importLabels,
  labelQueue,
  labelsOf,
  setAnnotatorName,
  setLabel,
  setLabels,
} from '../services/labels/labels-service';
import { adjudicateRow, undoStoredLabel } from '../services/labels/label-history-service';
import type { HandlersOf } from './handler';

export const labelsHandlers: HandlersOf<'labels'> = {
  'labels.set': (context, input) => setLabel(context, input.row_id, input),
  'labels.undo': (context, input) => undoStoredLabel(context, input.label_id),
  'labels.adjudicate': (context, input) => adjudicateRow(context, input.row_id, input),
  'labels.set_many': (context, input) => setLabels(context, input.row_ids, input),
  'labels.queue': (context, input) => labelQueue(context, input.run_id, input),
  'labels.list': (context, input) => labelsOf(context, input, input.latest_only),
  'labels.import': (context, input) => importLabels(context, input.run_id, input),
  'labels.export': (context, input) => exportLabels(context, input.run_id, input.format),
  'labels.annotator.get': (context) => annotatorName(context),
  'labels.annotator.set': (context, input) => setAnnotatorName(context, input.name),
};
