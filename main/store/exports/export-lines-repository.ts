import { z } from 'zod';
import type { LineProblem, PreparedFacts, StoredPreparedLine } from '../../../engine/index';
import { statement, type Db } from '../database';
import { runWrites, type StoreWrite } from '../store-write';

/** The columns a line shares between export_lines and trl_lines (migrations 012 and 020), each written as its parameter. */
const LINE_COLUMNS = `row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked, empty_turns, tool_calls,
  leak_checked, leak_hit, needle_min`;
const LINE_VALUES = LINE_COLUMNS.replace(/(\w+)/g, '@$1');

/**
 * Stores a row's prepared line (see migrations 012, 016, 018 and 020), replacing any line it had: OpenAI's in
 * export_lines (with '' for the needles and TRL's messages), TRL's with the needles in trl_lines.
 */
export function insertExportLine(db: Db, rowId: string, line: StoredPreparedLine): void {
  runWrites(db, exportLineWrites(rowId, line));
}

/** The writes of insertExportLine. */
export function exportLineWrites(rowId: string, line: StoredPreparedLine): StoreWrite[] {
  const shared = {
    row_id: rowId,
    recipe: line.recipe,
    prompt: line.prompt,
    mask: line.mask,
    head: line.head,
    tail: line.tail,
    ...factColumns(line.facts),
  };
  return [
    {
      sql: `INSERT OR REPLACE INTO export_lines (${LINE_COLUMNS}, messages, problems, needles, trl_messages, trl_problems)
       VALUES (${LINE_VALUES}, @messages, @problems, '', '', NULL)`,
      parameters: { ...shared, messages: line.messages, problems: problemsColumn(line.problems) },
    },
    {
      sql: `INSERT OR REPLACE INTO trl_lines (${LINE_COLUMNS}, messages, problems, needles)
       VALUES (${LINE_VALUES}, @messages, @problems, @needles)`,
      parameters: {
        ...shared,
        // '': the row's TRL line is not clean where its OpenAI line is, so a TRL export reads the row whole.
        messages: line.trl_messages ?? '',
        problems: problemsColumn(line.trl_problems),
        needles: JSON.stringify(line.needles),
      },
    },
  ];
}

/** A line's problems as stored (migration 018): NULL for a clean line. */
const problemsColumn = (problems: readonly LineProblem[]): string | null => (problems.length === 0 ? null : JSON.stringify(problems));

/** The columns of a line's facts (migration 012). */
function factColumns(facts: PreparedFacts) {
  return {
    n_messages: facts.messages,
    has_user: facts.user ? 1 : 0,
    calls: facts.calls,
    trained: facts.trained,
    masked: facts.masked,
    empty_turns: facts.empty_turns,
    tool_calls: facts.tool_calls ? 1 : 0,
    leak_checked: facts.leak ? 1 : 0,
    leak_hit: facts.leak?.hit ? JSON.stringify(facts.leak.hit) : null,
    needle_min: facts.needle_min,
  };
}

const NEEDLES = z.array(z.string());

/** A line's privileged texts: in trl_lines since migration 020, in export_lines before. */
const NEEDLES_SQL = `SELECT COALESCE(t.needles, p.needles) AS needles FROM export_lines p
  LEFT JOIN trl_lines t ON t.row_id = p.row_id WHERE p.row_id = ?`;

/** The privileged texts stored with a row's line, or null when there is none or they do not parse. */
export function storedNeedles(db: Db, rowId: string): string[] | null {
  const text = statement<[string], { needles: string }>(db, NEEDLES_SQL).get(rowId)?.needles;
  if (text === undefined) return null;
  try {
    const parsed = NEEDLES.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
