import type { Row } from '../../../shared/domain';
import { type ExportInput, isSimulatorError } from '../export-input';

/** Why a row is never trained on, or null when it may be. */
export type JunkReason = 'agent_error' | 'simulator_error' | 'do_nothing';

/**
 * Junk: the agent errored, a human marked the simulated person as broken, or the agent neither replied nor
 * called a tool (a do-nothing row teaches nothing).
 */
export function junkReason(input: ExportInput): JunkReason | null {
  const { row } = input;
  if (row.ended_by === 'agent_error' || row.finish_reason === 'error') return 'agent_error';
  if (isSimulatorError(input)) return 'simulator_error';
  const acted = row.messages.some(
    (message) => message.role === 'assistant' && (message.content.trim() !== '' || (message.tool_calls?.length ?? 0) > 0),
  );
  return acted ? null : 'do_nothing';
}

/** Cut off by the turn or token cap. */
export const isTruncated = (row: Row): boolean => row.ended_by === 'max_turns' || row.finish_reason === 'length';

/** The SDK's `task_key`: the scenario id, else the prompt. */
export const taskKey = (row: Row): string => row.situation.scenario_id || row.prompt;

/** Case- and whitespace-insensitive text, for comparing replies and prompts. */
export const normaliseText = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();
