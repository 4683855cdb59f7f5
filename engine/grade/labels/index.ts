export {
  attachLabels,
  type AttachLabelsOptions,
  type AttachLabelsReport,
  type AttachLabelsResult,
  type LabelInput,
  type LabelTarget,
} from './attach-labels';
export { AttachLabelsError } from './attach-labels-error';
export { formatCsv, parseCsv, type CsvParse, type CsvRecord } from './csv';
export { goldOf, type GoldFields } from './gold';
export { labelVote, parseLabelKind, parseLabelValue } from './label-values';
export { formatLabels, LABEL_COLUMNS, parseLabelsFile, type LabelsFile, type LabelsFormat, type ParsedLabel } from './labels-file';
