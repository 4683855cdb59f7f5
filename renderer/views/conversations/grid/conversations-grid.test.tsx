// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROW_COLUMNS, type RowSummary } from '../../../../shared/api/rows';
import { CONVERSATION_COLUMNS_KEY } from '../../../../shared/api/settings';
import type { Run } from '../../../../shared/domain';
import { fakeClient, ok } from '../../../api/__fixtures__/fake-client';
import { setApiClient } from '../../../api/client';
import { initialConversationsState } from '../../../stores/conversations/initial-state';
import { useConversationsStore } from '../../../stores/conversations/store';
import { useNavigationStore } from '../../../stores/navigation/store';
import { stubScrolling } from '../../../test-support/jsdom-scrolling';
import { ConversationsView } from '../conversations-view';
import { ROW_HEIGHT } from './conversations-grid';

const TOTAL = 250;
/** The grid's box in the page: jsdom lays nothing out, so the virtual list is told its height (20 lines). */
const GRID_HEIGHT = 20 * ROW_HEIGHT;

function summary(ordinal: number): RowSummary {
  return {
    row_id: `run_a:${ordinal}`,
    ordinal,
    rollout_id: `ro-${ordinal}`,
    scenario_id: `sc-${ordinal}`,
    tool: 'refund_order',
    rule: 'confirm before refunding',
    stance: 'hurried',
    world_state: 'entity exists',
    tool_condition: 'success',
    history: 'fresh',
    persona_tags: [],
    writer: 'structured',
    turns: 4,
    ended_by: 'agent',
    prompt: `Refund order ${ordinal}, please`,
    conduct: null,
    judge: null,
    label: null,
  };
}

/** The person showed only the row number and the prompt (jsdom works out roles slowly over sixteen columns). */
const SHOWN = ['ordinal', 'prompt'];
const columns = { hidden: ROW_COLUMNS.filter((column) => !SHOWN.includes(column)) };

const client = fakeClient({
  'settings.get': (input) => ok({ key: input.key, value: input.key === CONVERSATION_COLUMNS_KEY ? columns : null }),
  'settings.set': (input) => ok({ key: input.key, value: input.value }),
  'rows.page': (input) => {
    const offset = input.offset ?? 0;
    const rows = Array.from({ length: Math.max(0, Math.min(input.limit ?? 100, TOTAL - offset)) }, (_, index) => summary(offset + index));
    return ok({ rows, total: TOTAL, offset });
  },
  'rows.facets': () => ok({ total: TOTAL, columns: { label: [] }, sources: [] } as never),
  'runs.get': () => ok({ run: { id: 'run_a', name: 'Refunds', warnings: [], degraded: [] } as unknown as Run } as never),
});

let unstubScrolling: () => void;

beforeAll(() => {
  setApiClient(client);
  unstubScrolling = stubScrolling();
  const isGrid = (element: HTMLElement) => element.getAttribute('role') === 'grid';
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isGrid(this) ? GRID_HEIGHT : 0;
    },
  });
  // The grid scrolls over its header and every line.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isGrid(this) ? (TOTAL + 1) * ROW_HEIGHT : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  unstubScrolling();
});
afterEach(() => {
  cleanup();
  useConversationsStore.setState(initialConversationsState);
});

async function openTable() {
  useNavigationStore.getState().navigate({ view: 'conversations', run_id: 'run_a' });
  render(<ConversationsView route={{ view: 'conversations', run_id: 'run_a' }} />);
  const grid = await screen.findByRole('grid', { name: 'Conversations' });
  await screen.findByRole('row', { selected: true });
  grid.focus();
  return grid;
}

/** The line the keyboard is on: the grid's active descendant, selected and alone in being so. */
function focusedLine(grid: HTMLElement): string {
  const selected = within(grid).getAllByRole('row', { selected: true });
  expect(selected).toHaveLength(1);
  expect(grid.getAttribute('aria-activedescendant')).toBe(selected[0]!.id);
  return within(selected[0]!).getAllByRole('gridcell')[0]!.textContent ?? '';
}

describe('the conversations grid by keyboard', () => {
  it('moves the focused line with the arrows, Page Up and Down, Home and End', async () => {
    const user = userEvent.setup();
    const grid = await openTable();
    expect(screen.getByText('250 conversations')).toBeTruthy();
    expect(focusedLine(grid)).toBe('0');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedLine(grid)).toBe('2');
    await user.keyboard('{ArrowUp}');
    expect(focusedLine(grid)).toBe('1');
    // A page is the lines on screen less two, so the line left behind stays in view.
    await user.keyboard('{PageDown}');
    expect(focusedLine(grid)).toBe('19');
    await user.keyboard('{PageUp}{PageUp}');
    expect(focusedLine(grid)).toBe('0');
    await user.keyboard('{ArrowUp}');
    expect(focusedLine(grid)).toBe('0');

    await user.keyboard('{End}');
    expect(await within(grid).findByRole('row', { selected: true })).toHaveProperty('id', 'conversation-row-249');
    expect(focusedLine(grid)).toBe('249');
    await user.keyboard('{ArrowDown}');
    expect(focusedLine(grid)).toBe('249');
    await user.keyboard('{Home}');
    expect(focusedLine(grid)).toBe('0');
  });

  it('checks the focused line for export with Space, and opens it with Enter', async () => {
    const user = userEvent.setup();
    const grid = await openTable();
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByRole('checkbox', { name: 'Select conversation #1 for export' })).toHaveProperty('checked', true);
    expect(screen.getByText('1 checked')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export 1 checked/ })).toBeTruthy();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select conversation #1 for export' })).toHaveProperty('checked', false);

    expect(grid).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(useNavigationStore.getState().route).toEqual({ view: 'conversation', run_id: 'run_a', row_id: 'run_a:1' });
  });
});
