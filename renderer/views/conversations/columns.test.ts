import { describe, expect, it } from 'vitest';
import { ROW_COLUMNS, type RowMatch } from '../../../shared/api/rows';
import { columns, DEFAULT_HIDDEN } from './columns';
import { matchPlace } from './match-place';

const match = (fields: Partial<RowMatch>): RowMatch => ({ in: 'message', role: 'user', turn: 1, tool: null, before: '', hit: 'transfer', after: '', ...fields });

describe('where a searched row matched', () => {
  it('names the turn as the transcript does', () => {
    expect(matchPlace(match({}))).toBe('User 1');
    expect(matchPlace(match({ role: 'assistant', turn: 4 }))).toBe('Assistant 4');
  });

  it('names tool calls, tool answers and the final text', () => {
    expect(matchPlace(match({ in: 'tool_call', role: 'assistant', turn: 2, tool: 'transfer_funds' }))).toBe('transfer_funds call (Assistant 2)');
    expect(matchPlace(match({ in: 'tool_answer', role: null, turn: null, tool: 'get_account_balance' }))).toBe('get_account_balance answer');
    expect(matchPlace(match({ in: 'final_text', role: null, turn: null }))).toBe('Final text');
  });
});

describe('the conversations table columns', () => {
  it('put the verdicts, the label and the prompt right after the row number', () => {
    expect(ROW_COLUMNS.slice(0, 6)).toEqual(['ordinal', 'conduct', 'reward', 'judge', 'label', 'prompt']);
    expect(columns.map((column) => column.id)).toEqual([...ROW_COLUMNS]);
    // The columns shown by default: a person's saved choice of hidden columns replaces this list.
    expect(ROW_COLUMNS.filter((column) => !DEFAULT_HIDDEN.includes(column)).slice(0, 5)).toEqual(['ordinal', 'conduct', 'reward', 'judge', 'label']);
  });
});
