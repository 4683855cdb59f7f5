export { compareText } from './compare-text';
export { jsonlLines, type JsonlLine } from './jsonl-lines';
