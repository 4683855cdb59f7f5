/** Why a rollout produced no usable row (`LOST_REASONS`); it is re-rolled, then counted lost. */
export type LostReason = 'agent_error' | 'empty_reply' | 'tool_markup';

export const AGENT_ERROR_PREFIX = '<agent error';

/** The SDK's checks on a finished rollout's final text; undefined when the row is usable. */
export function lostReason(finalText: string, endedByTool: boolean): LostReason | undefined {
  if (finalText.startsWith(AGENT_ERROR_PREFIX)) return 'agent_error';
  if (!endedByTool && finalText.trim() === '') return 'empty_reply';
  if (/<\/?tool_call>/.test(finalText)) return 'tool_markup';
  const dump = /"name"[\s\S]{0,500}"description"[\s\S]{0,500}"parameters"/;
  if (dump.test(finalText)) return 'tool_markup';
  return undefined;
}
