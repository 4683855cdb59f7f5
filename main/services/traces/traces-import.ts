import type { TraceImportResult } from '../../../shared/api/traces';
import type { Issue } from '../../../shared/api';
import {
  dedupeTraces,
  failureMap,
  formatTraceIssue,
  parseTraceFile,
  placeTrace,
  TraceImportError,
  traceIdentity,
  traceWhere,
  type TraceFile,
  type TraceIdentity,
  type TraceIssue,
  type TraceRow,
} from '../../../engine/index';
import { backfillTraceIdentity, importsHolding, storedTraceIdentities } from '../../store/traces/trace-identity-repository';
import { insertTraceImport, listTraceImports } from '../../store/traces/traces-repository';
import type { AppContext } from '../app/app-context';
import { newId } from '../app/ids';
import { ServiceError } from '../app/service-error';

export interface TraceFileText {
  name: string;
  text: string;
}

/** Conflicts named one by one in an import's warnings; the rest are counted. */
const CONFLICTS_NAMED = 3;

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function issuePath(issue: TraceIssue): string {
  const where = [issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`];
  if (issue.span_id !== undefined) where.push(`span ${issue.span_id}`);
  if (issue.field !== undefined) where.push(issue.field);
  return where.join(' ');
}

/** Every file is read before anything is written; one bad file imports nothing and names every problem. */
function readFiles(files: readonly TraceFileText[], rewardKeys: readonly string[] | undefined): TraceFile[] {
  const issues: TraceIssue[] = [];
  const parsed: TraceFile[] = [];
  const names = new Set<string>();
  for (const file of files) {
    if (names.has(file.name)) issues.push({ file: file.name, message: 'the same file was chosen twice' });
    names.add(file.name);
    try {
      parsed.push(parseTraceFile(file.name, file.text, rewardKeys ? { reward_keys: rewardKeys } : {}));
    } catch (error) {
      if (!TraceImportError.isInstance(error)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) {
    const shown = issues.slice(0, 3).map(formatTraceIssue).join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    throw new ServiceError(
      'VALIDATION_FAILED',
      `Nothing was imported: ${issues.length === 1 ? 'a problem' : `${issues.length} problems`} in the trace files${more}. ${shown}`,
      issues.map((issue): Issue => ({ path: issuePath(issue), message: issue.message })),
    );
  }
  return parsed;
}

const importNames = (imports: readonly { name: string }[]) => {
  const names = [...new Set(imports.map((entry) => entry.name))];
  return names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
};

/** "the import mon.jsonl", "the imports mon.jsonl and tue.jsonl". */
const theImports = (imports: readonly { name: string }[]) => `the import${imports.length === 1 ? '' : 's'} ${importNames(imports)}`;

interface Entry {
  file: string;
  row: TraceRow;
  identity: TraceIdentity;
}

/** "trace conv-017 of a.json was imported before (in b.json) with other content": one per conflict, the first few. */
function conflictWarnings(context: AppContext, conflicts: readonly Entry[]): string[] {
  if (conflicts.length === 0) return [];
  const named = conflicts.slice(0, CONFLICTS_NAMED).map((entry) => {
    const holders = importsHolding(context.db, { trace_keys: [entry.identity.trace_key!] });
    const where = holders.length > 0 ? `in ${theImports(holders)}` : 'in another file of this import';
    return (
      `${traceWhere(entry.row)}: a trace with the id ${entry.identity.trace_key} is already stored (${where}) with other content ` +
      `(re-graded, or the conversation went on); both are kept and counted. Remove the older import if this one replaces it.`
    );
  });
  const rest = conflicts.length - named.length;
  return rest > 0
    ? [...named, `${plural(rest, 'more trace')} share an id with a stored trace but differ from it; both versions are kept.`]
    : named;
}

/**
 * Imports trace files (OTLP JSON in GenAI or OpenInference conventions, or JSONL rows) in one transaction. Traces
 * whose id and content are already stored are skipped (engine/traces dedupeTraces); when nothing is new, no import
 * is stored. A trace sharing its id with a stored trace but not its content is kept, and named in the warnings.
 */
export function importTraces(
  context: AppContext,
  input: { files: readonly TraceFileText[]; reward_keys?: readonly string[] },
): TraceImportResult {
  const files = readFiles(input.files, input.reward_keys);
  const entries: Entry[] = files.flatMap((file) => file.rows.map((row) => ({ file: file.file, row, identity: traceIdentity(row) })));
  const now = context.now().toISOString();
  return context.db.transaction((): TraceImportResult => {
    backfillTraceIdentity(context.db);
    const verdict = dedupeTraces(entries, storedTraceIdentities(context.db));
    const skippedIn = (file: string) => verdict.already.filter((entry) => entry.file === file).length;
    const fileCounts = files.map((file) => ({
      file: file.file,
      format: file.format,
      rows: file.rows.length,
      already_imported: skippedIn(file.file),
    }));
    const counts = { n_read: entries.length, n_already_imported: verdict.already.length, n_conflicts: verdict.conflicts.length };
    const holders = importsHolding(context.db, {
      content_hashes: [...new Set(verdict.already.map((entry) => entry.identity.content_hash))],
    });

    if (verdict.fresh.length === 0) {
      const holder = holders[0];
      if (!holder) throw new ServiceError('INTERNAL', 'Every trace was reported as already imported, but no import holds them.');
      const message =
        `${plural(verdict.already.length, 'trace')} already imported, 0 new: ` +
        `${verdict.already.length === 1 ? 'it is' : 'they are'} in ${theImports(holders)}.`;
      return {
        id: holder.import_id,
        name: holder.name,
        created_at: now,
        n_rows: 0,
        files: fileCounts,
        model_versions: [],
        warnings: [message],
        stored: false,
        ...counts,
        message,
      };
    }

    const rows = verdict.fresh.map(({ row, identity }) => ({ row, identity, placement: placeTrace(row) }));
    const versions = failureMap(
      rows.map(({ row, placement }) => ({ ...row, dimensions: placement.dimensions, faults: placement.faults })),
    ).versions;
    const id = newId('import');
    const first = files[0]!.file;
    insertTraceImport(context.db, {
      id,
      name: files.length === 1 ? first : `${first} and ${files.length - 1} more`,
      created_at: now,
      files: fileCounts,
      model_versions: versions.flatMap((version) => (version.version === null ? [] : [version.version])),
      warnings: [...files.flatMap((file) => file.warnings), ...conflictWarnings(context, verdict.conflicts)],
      rows,
    });
    const stored = listTraceImports(context.db).find((entry) => entry.id === id);
    if (!stored) throw new ServiceError('INTERNAL', `The import ${id} was written but cannot be read back.`);
    const already = verdict.already.length;
    const message =
      already === 0
        ? `Imported ${plural(verdict.fresh.length, 'trace')}.`
        : `${verdict.fresh.length.toLocaleString('en-US')} new, ${already.toLocaleString('en-US')} already imported (in ` +
          `${theImports(holders)}): imported the ${plural(verdict.fresh.length, 'new trace')}.`;
    const conflicts =
      verdict.conflicts.length === 0
        ? ''
        : ` ${plural(verdict.conflicts.length, 'trace')} share${verdict.conflicts.length === 1 ? 's' : ''} an id with a stored trace ` +
          `but not its content: both are kept (see the warnings).`;
    return { ...stored, stored: true, ...counts, message: `${message}${conflicts}` };
  })();
}
