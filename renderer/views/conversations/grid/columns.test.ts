import { describe, expect, it } from 'vitest';
import { ROW_COLUMNS, type RowMatch } from '../../../../shared/api/rows';
import type { TablePlace } from '../../../stores/conversations/initial-state';
import { columns, DEFAULT_HIDDEN } from './columns';
import { conductOutcome, judgeSourceText, judgeSourceTitle } from '../grade-source';
import { arrivalPlace } from './table-place';
import { matchPlace } from './match-place';

const match = (fields: Partial<RowMatch>): RowMatch => ({
  in: 'message',
  role: 'user',
  turn: 1,
  tool: null,
  before: '',
  hit: 'transfer',
  after: '',
  ...fields,
});

describe('where a searched row matched', () => {
  it('names the turn as the transcript does', () => {
    expect(matchPlace(match({}))).toBe('User 1');
    expect(matchPlace(match({ role: 'assistant', turn: 4 }))).toBe('Assistant 4');
  });

  it('names tool calls, tool answers and the final text', () => {
    expect(matchPlace(match({ in: 'tool_call', role: 'assistant', turn: 2, tool: 'transfer_funds' }))).toBe(
      'transfer_funds call (Assistant 2)',
    );
    expect(matchPlace(match({ in: 'tool_answer', role: null, turn: null, tool: 'get_account_balance' }))).toBe(
      'get_account_balance answer',
    );
    expect(matchPlace(match({ in: 'final_text', role: null, turn: null }))).toBe('Final text');
  });
});

describe('the conversations table columns', () => {
  it('put the verdicts, the label and the prompt right after the row number', () => {
    expect(ROW_COLUMNS.slice(0, 6)).toEqual(['ordinal', 'conduct', 'reward', 'judge', 'label', 'prompt']);
    expect(columns.map((column) => column.id)).toEqual([...ROW_COLUMNS]);
    // The columns shown by default: a person's saved choice of hidden columns replaces this list.
    expect(ROW_COLUMNS.filter((column) => !DEFAULT_HIDDEN.includes(column)).slice(0, 5)).toEqual([
      'ordinal',
      'conduct',
      'reward',
      'judge',
      'label',
    ]);
  });
});

describe('who made the verdict the Judge column shows', () => {
  it('names the conduct checks by what they are, with label_source and judge_name in the title', () => {
    expect(judgeSourceText({ name: 'conduct' })).toBe('conduct checks');
    expect(judgeSourceTitle({ name: 'conduct', status: 'ok' })).toContain('label_source conduct, judge_name conduct');
    expect(judgeSourceText({ name: 'rubric-judge' })).toBe('rubric-judge');
    expect(judgeSourceTitle({ name: 'rubric-judge', status: 'timeout' })).toContain('judge_status timeout');
  });
});

describe('a conduct outcome in the table', () => {
  it('reads a passing outcome as an all-clear and a failing one as the rule that fired', () => {
    expect(conductOutcome('pass', 'conforms')).toEqual({ tone: 'clear', title: expect.stringContaining('no conduct rule fired') });
    expect(conductOutcome('pass', 'fault_ok')).toEqual({
      tone: 'clear',
      title: expect.stringContaining('a tool failed and the agent handled it well'),
    });
    expect(conductOutcome('pass', 'repeated_reply')).toEqual({ tone: 'flawed', title: expect.stringContaining('Passed with a flaw') });
    expect(conductOutcome('fail', 'invented_identifier')).toEqual({
      tone: 'fired',
      title: 'Failed: the conduct rule invented_identifier fired',
    });
  });
});

describe('where the table opens', () => {
  const sizes = { rowHeight: 30, headerHeight: 32 };
  const place = (fields: Partial<TablePlace>): TablePlace => ({
    queryKey: 'q',
    scrollTop: 3000,
    height: 600,
    returnFocus: true,
    ...fields,
  });

  it('keeps the scroll offset it was left at, and takes the focus back, when the opened row is on screen there', () => {
    expect(arrivalPlace(place({}), 'q', 110, sizes)).toEqual({ scrollTop: 3000, focus: true });
  });

  it('scrolls to the focused row when stepping through conversations took it off screen, or the query changed', () => {
    expect(arrivalPlace(place({}), 'q', 400, sizes)).toEqual({ scrollTop: 400 * 30 - 120, focus: true });
    expect(arrivalPlace(place({}), 'other', 110, sizes)).toEqual({ scrollTop: 110 * 30 - 120, focus: true });
  });

  it('opens at the focused row without taking the focus when no conversation was opened', () => {
    expect(arrivalPlace(null, 'q', 2, sizes)).toEqual({ scrollTop: 0, focus: false });
    expect(arrivalPlace(place({ returnFocus: false }), 'q', 110, sizes)).toEqual({ scrollTop: 3000, focus: false });
  });
});
