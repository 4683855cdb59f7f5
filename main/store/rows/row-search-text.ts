import type { Row } from '../../../shared/domain';

export interface RowSearchText {
  prompt: string;
  messages: string;
  final_text: string;
}

/**
 * The text `row_search` indexes for a row: every message's content, then each tool call's name and JSON
 * arguments. Migration 002 backfills stored rows with the same extraction in SQL; keep the two in step.
 */
export function rowSearchText(row: Row): RowSearchText {
  const contents = row.messages.map((message) => message.content);
  const calls = row.messages.flatMap((message) =>
    message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => `${call.name} ${JSON.stringify(call.arguments)}`) : [],
  );
  return { prompt: row.prompt, messages: [...contents, ...calls].join(' '), final_text: row.final_text };
}
