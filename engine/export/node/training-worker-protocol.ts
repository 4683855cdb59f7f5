import type { ExportInput, RunContext } from '../export-input';
import type { RowStream } from '../source';
import type { TrainingExportOptions } from '../formats/training-export';
import type { TrainingState } from '../formats/training-tally';

/**
 * A module a worker thread loads to read its own rows (from the store, a file, a generator): `rowPage` returns rows
 * [start, end) of the export, in file order. `data` is whatever the caller passed, copied into the worker.
 */
export interface RowPageModule {
  rowPage(data: unknown, start: number, end: number): RowStream<ExportInput> | Promise<RowStream<ExportInput>>;
}

export interface TrainingWorkerInput {
  /** URL (href) of a RowPageModule. */
  module: string;
  data: unknown;
  total: number;
  pageRows: number;
  /** This worker takes pages index, index + workers, ... */
  index: number;
  workers: number;
  /** Pages this worker may have sent and not yet seen written. */
  maxAhead: number;
  context: RunContext | null;
  options: TrainingExportOptions;
}

export type TrainingWorkerMessage =
  /** `metadata`: with sidecar metadata, the members of each line's metadata (metadata-line.ts), in line order. */
  | { type: 'page'; page: number; lines: number; bytes: Uint8Array; state: TrainingState; metadata: string[] }
  | { type: 'error'; message: string };

/** `ack`: a page was written; its buffer comes back for the next page (no fresh memory per page). */
export type TrainingWorkerCommand = { type: 'ack'; buffer: ArrayBuffer } | { type: 'stop' };
