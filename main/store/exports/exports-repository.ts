import { z } from 'zod';
import type { ExportRecord } from '../../../shared/api/exports';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

export type ExportDestinationKind = ExportRecord['destination'];

export interface NewExport {
  run_id: string | null;
  destination: ExportDestinationKind;
  format: string;
  location: string;
  n_rows: number;
  /** The whole report as the engine and the push gave it; `commit` and `warnings` are read back from it. */
  report: Record<string, unknown>;
  created_at: string;
}

interface ExportRow {
  id: number;
  run_id: string | null;
  destination: string;
  format: string;
  location: string;
  n_rows: number;
  report: string;
  created_at: string;
}

const StoredReport = z.looseObject({
  commit: z.string().nullable().optional(),
  warnings: z.array(z.string()).optional(),
  files: z.array(z.string()).optional(),
});
const Destination = z.enum(['folder', 'hub', 'environment']);

function toRecord(row: ExportRow): ExportRecord {
  const report = parseJsonColumn(StoredReport, row.report, 'exports.report');
  return {
    id: row.id,
    run_id: row.run_id,
    destination: Destination.parse(row.destination),
    format: row.format,
    location: row.location,
    n_rows: row.n_rows,
    commit: report.commit ?? null,
    warnings: report.warnings ?? [],
    created_at: row.created_at,
    ...(report.files ? { files: report.files } : {}),
  };
}

/** Records a finished export or push (a run deleted later leaves the record with no run). */
export function insertExport(db: Db, record: NewExport): number {
  const result = statement(
    db,
    `INSERT INTO exports (run_id, destination, format, location, n_rows, report, created_at)
     VALUES (@run_id, @destination, @format, @location, @n_rows, @report, @created_at)`,
  ).run({ ...record, report: JSON.stringify(record.report) });
  return Number(result.lastInsertRowid);
}

export function listExports(db: Db, runId: string | null, limit: number): ExportRecord[] {
  const rows =
    runId === null
      ? statement<[number], ExportRow>(db, 'SELECT * FROM exports ORDER BY id DESC LIMIT ?').all(limit)
      : statement<[string, number], ExportRow>(db, 'SELECT * FROM exports WHERE run_id = ? ORDER BY id DESC LIMIT ?').all(runId, limit);
  return rows.map(toRecord);
}

/** The commit of the last push to a Hub repository, to name it in the manifest's history (a commit cannot name itself). */
export function lastPushCommit(db: Db, repoId: string): string | null {
  const row = statement<[string], ExportRow>(
    db,
    "SELECT * FROM exports WHERE destination = 'hub' AND location = ? ORDER BY id DESC LIMIT 1",
  ).get(repoId);
  return row ? toRecord(row).commit : null;
}
