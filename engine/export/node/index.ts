export { type DatasetFolderOptions, type DatasetFolderResult, type DatasetSplitResult, writeDatasetFolder } from './dataset-folder';
export {
  type JsonlChunk,
  type TextFile,
  writeJsonl,
  writeJsonlChunks,
  type WriteOptions,
  type WriteProgress,
  type WriteResult,
  writeTextFiles,
} from './jsonl-writer';
export { resolveOutputPath } from './output-path';
export { defaultTrainingWorkerUrl, type PagedRows, type ParallelTrainingOptions, writeTrainingParallel } from './parallel-training';
export type { RowPageModule } from './training-worker-protocol';
export { serveTrainingPages } from './training-worker-serve';
