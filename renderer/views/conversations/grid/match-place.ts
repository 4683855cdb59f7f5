import type { RowMatch } from '../../../../shared/api/rows';

/** Where a row matched its search, named as the conversation view names it: "User 1", "Assistant 4", "transfer_funds call". */
export function matchPlace(match: RowMatch): string {
  switch (match.in) {
    case 'message':
      return `${match.role === 'user' ? 'User' : 'Assistant'}${match.turn === null ? '' : ` ${match.turn}`}`;
    case 'tool_call':
      return `${match.tool ?? 'Tool'} call${match.turn === null ? '' : ` (Assistant ${match.turn})`}`;
    case 'tool_answer':
      return `${match.tool ?? 'Tool'} answer`;
    case 'final_text':
      return 'Final text';
    default: {
      const unknown: never = match.in;
      return unknown;
    }
  }
}
