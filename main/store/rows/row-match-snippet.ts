/**
 * SQL for where a table line matched its search: the first of the row's texts, in transcript order, that holds the
 * search's first word, with a little text either side. Computed for a page's rows only (a correlated subquery over
 * the row's body), so a search never loads rows to explain itself.
 */

/** Characters kept before the match, and after it (the line is one table cell wide). */
export const MATCH_BEFORE_CHARS = 12;
export const MATCH_AFTER_CHARS = 90;

/** The word a snippet looks for: the first searched word, lower-cased (the index matches each word as a prefix). */
export function snippetWord(search: string): string | null {
  const word = search
    .split(/\s+/)
    .map((each) => each.replaceAll('"', ''))
    .find((each) => /[\p{L}\p{N}]/u.test(each));
  return word === undefined ? null : word.toLowerCase();
}

/** Line breaks as spaces, one for one, so positions found in the flat text hold in the original. */
const flat = (text: string) => `replace(replace(${text}, char(10), ' '), char(13), ' ')`;

/**
 * The texts `row_search` indexes (see row-search-text.ts), one per line, in transcript order: each message's content
 * (user and assistant turns numbered as the transcript numbers them), each tool call's name and arguments, then the
 * final text. `@word` is bound to `snippetWord(...)`.
 */
const TEXTS = `
  SELECT message.key AS position, 0 AS part,
         CASE json_extract(message.value, '$.role') WHEN 'tool' THEN 'tool_answer' ELSE 'message' END AS kind,
         CASE WHEN json_extract(message.value, '$.role') IN ('user', 'assistant') THEN json_extract(message.value, '$.role') END AS role,
         json_extract(message.value, '$.name') AS tool,
         ${flat("json_extract(message.value, '$.content')")} AS text
    FROM json_each(rows.body, '$.messages') AS message
  UNION ALL
  SELECT message.key, 1 + call.key, 'tool_call', 'assistant', json_extract(call.value, '$.name'),
         ${flat("json_extract(call.value, '$.name') || ' ' || json_extract(call.value, '$.arguments')")}
    FROM json_each(rows.body, '$.messages') AS message, json_each(message.value, '$.tool_calls') AS call
  UNION ALL
  SELECT 1e9, 0, 'final_text', NULL, NULL, ${flat("json_extract(rows.body, '$.final_text')")}`;

/** Turn numbers count user and assistant messages up to each message. */
const TURNS = `
  SELECT message.key AS position,
         SUM(json_extract(message.value, '$.role') IN ('user', 'assistant')) OVER (ORDER BY message.key) AS turn
    FROM json_each(rows.body, '$.messages') AS message`;

/** A column expression (JSON text or NULL) for `SELECT ... FROM rows`: the row's `RowMatch`. */
export const MATCH_SQL = `(
  SELECT json_object(
           'in', hit.kind, 'role', hit.role, 'turn', CASE WHEN hit.role IS NOT NULL THEN hit.turn END, 'tool', hit.tool,
           'before', CASE WHEN hit.at > ${MATCH_BEFORE_CHARS} + 1
                          THEN '…' || ltrim(substr(hit.text, hit.at - ${MATCH_BEFORE_CHARS}, ${MATCH_BEFORE_CHARS}))
                          ELSE substr(hit.text, 1, hit.at - 1) END,
           'hit', substr(hit.text, hit.at, length(@word)),
           'after', substr(hit.text, hit.at + length(@word), ${MATCH_AFTER_CHARS})
                    || CASE WHEN length(hit.text) >= hit.at + length(@word) + ${MATCH_AFTER_CHARS} THEN '…' ELSE '' END)
    FROM (SELECT texts.*, turns.turn, instr(lower(texts.text), @word) AS at
            FROM (${TEXTS}) AS texts LEFT JOIN (${TURNS}) AS turns ON turns.position = texts.position) AS hit
   WHERE hit.at > 0
   ORDER BY hit.position, hit.part
   LIMIT 1)`;
