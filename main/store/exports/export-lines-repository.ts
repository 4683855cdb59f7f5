import { z } from 'zod';
import type { LineProblem, PreparedFacts, StoredPreparedLine } from '../../../engine/index';
import { statement, type Db } from '../database';
import { runWrites, type StoreWrite } from '../store-write';

/** Stores a row's prepared line (see migrations 012, 016 and 018), replacing any line it had. */
export function insertExportLine(db: Db, rowId: string, line: StoredPreparedLine): void {
  runWrites(db, [exportLineWrite(rowId, line)]);
}

/** The write of insertExportLine. */
export function exportLineWrite(rowId: string, line: StoredPreparedLine): StoreWrite {
  return {
    sql: `INSERT OR REPLACE INTO export_lines (row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked,
       empty_turns, tool_calls, leak_checked, leak_hit, needle_min, messages, needles, trl_messages, problems, trl_problems)
     VALUES (@row_id, @recipe, @prompt, @mask, @head, @tail, @n_messages, @has_user, @calls, @trained, @masked,
       @empty_turns, @tool_calls, @leak_checked, @leak_hit, @needle_min, @messages, @needles, @trl_messages, @problems, @trl_problems)`,
    parameters: {
      row_id: rowId,
      recipe: line.recipe,
      prompt: line.prompt,
      mask: line.mask,
      head: line.head,
      tail: line.tail,
      ...factColumns(line.facts),
      messages: line.messages,
      needles: JSON.stringify(line.needles),
      // '' (not NULL, which marks a line made before TRL's were): the row has no clean TRL line.
      trl_messages: line.trl_messages ?? '',
      problems: problemsColumn(line.problems),
      trl_problems: problemsColumn(line.trl_problems),
    },
  };
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

/** The privileged texts stored with a row's line, or null when there is none or they do not parse. */
export function storedNeedles(db: Db, rowId: string): string[] | null {
  const text = statement<[string], { needles: string }>(db, 'SELECT needles FROM export_lines WHERE row_id = ?').get(rowId)?.needles;
  if (text === undefined) return null;
  try {
    const parsed = NEEDLES.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
