export { type DatasetFolderOptions, type DatasetFolderResult, type DatasetSplitResult, writeDatasetFolder } from './dataset-folder';
export { type TextFile, writeJsonl, type WriteOptions, type WriteProgress, type WriteResult, writeTextFiles } from './jsonl-writer';
export { resolveOutputPath } from './jsonl-writer';
