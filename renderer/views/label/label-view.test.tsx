// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/client';
import { fakeLabelsServer, type FakeLabelsServer } from '../../stores/labeling/__fixtures__/fake-labels-server';
import { initialLabelingState } from '../../stores/labeling/initial-state';
import { useLabelingStore } from '../../stores/labeling/store';
import { stubScrolling } from '../../test-support/jsdom-scrolling';
import { LabelView } from './label-view';

let unstubScrolling: () => void;
beforeAll(() => {
  unstubScrolling = stubScrolling();
});
afterAll(() => unstubScrolling());
afterEach(() => {
  cleanup();
  useLabelingStore.setState(initialLabelingState);
});

/** The queue of run_1 on screen, on `server`, once its first row is shown. */
async function openQueue(server: FakeLabelsServer) {
  setApiClient(server.client);
  render(<LabelView runId="run_1" />);
  await screen.findByRole('heading', { name: 'Row #0' });
  await screen.findByText('Please refund order 0.');
}

const progress = () => screen.getByRole('status', { name: 'Progress' }).textContent;

describe('the Label view', () => {
  it('labels the row on screen by its key and moves on; the counts and the last label follow', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10);
    await openQueue(server);
    expect(screen.getByLabelText('Annotator').textContent).toBe('Ana');
    expect(progress()).toContain('0 / 10 labelled');
    expect(progress()).toContain('1 of 10 in this order');

    await user.keyboard('p');
    expect(await screen.findByRole('heading', { name: 'Row #1' })).toBeTruthy();
    expect(await screen.findByText('Please refund order 1.')).toBeTruthy();
    await waitFor(() =>
      expect(server.labels).toEqual([{ id: 1, row_id: 'run_1:0', label: 'pass', note: null, author: 'Ana', blind: true }]),
    );
    expect(progress()).toContain('1 / 10 labelled');
    expect(await screen.findByRole('status', { name: 'Last label' })).toHaveProperty('textContent', expect.stringContaining('Saved #0'));

    await user.keyboard('k');
    expect(await screen.findByRole('heading', { name: 'Row #0' })).toBeTruthy();
    const keys = screen.getByRole('group', { name: 'Label this row' });
    expect(within(keys).getByRole('button', { pressed: true }).textContent).toContain('Pass');
  });

  it('asks who is labelling before the first label when no name is set, then signs that label with it', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10, { annotator: null });
    await openQueue(server);
    expect(screen.getByText('No name: labels are unsigned')).toBeTruthy();

    await user.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Who is labelling?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Zoë');
    await user.click(within(dialog).getByRole('button', { name: 'Save and label fail' }));

    await waitFor(() =>
      expect(server.labels).toEqual([{ id: 1, row_id: 'run_1:0', label: 'fail', note: null, author: 'Zoë', blind: true }]),
    );
    expect(await screen.findByRole('heading', { name: 'Row #1' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Annotator').textContent).toBe('Zoë');
  });

  it('undoes a label main refused, says why, and stores it on Try again', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10);
    server.refuseLabels = true;
    await openQueue(server);

    await user.keyboard('u');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The label unsure on row #0 was not saved and has been undone: the disk is full');
    expect(server.labels).toEqual([]);
    expect(progress()).toContain('0 / 10 labelled');

    server.refuseLabels = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(server.labels).toEqual([{ id: 1, row_id: 'run_1:0', label: 'unsure', note: null, author: 'Ana', blind: true }]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(progress()).toContain('1 / 10 labelled');
  });

  it('hides the judge until the row is labelled, then reveals it beside the label; z takes the label back', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10);
    await openQueue(server);
    expect(screen.getByRole('checkbox', { name: 'Blind' })).toHaveProperty('checked', true);
    expect(screen.getByRole('group', { name: 'Judge verdict' }).textContent).toContain("Blind: every judge's verdict");

    await user.keyboard('f');
    expect(await screen.findByRole('heading', { name: 'Row #1' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Last label' }).textContent).toContain('Saved #0'));

    await user.keyboard('z');
    await waitFor(() => expect(server.labels).toEqual([]));
    expect(await screen.findByRole('heading', { name: 'Row #0' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Last label' }).textContent).toContain('Undid #0');
    expect(progress()).toContain('0 / 10 labelled');
  });

  it('gives the keys back to the queue with Esc from the Order list, where j moves a row and never changes the order', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10);
    await openQueue(server);
    const order = screen.getByRole('combobox', { name: 'Order' });
    order.focus();
    await user.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Row #1' })).toBeTruthy();
    expect(order).toHaveProperty('value', 'generated');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Conversation' }));
  });

  it('lists every key in the shortcuts sheet', async () => {
    const user = userEvent.setup();
    await openQueue(fakeLabelsServer(10));
    await user.keyboard('?');
    const sheet = within(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).getByRole('table', { name: 'Shortcuts' });
    for (const key of ['p', 'z or Ctrl+Z', 'Space or PageDown', 'Shift+Space or PageUp', 'Home', 'End', 'Shift+P', 'Shift+F', 'Esc', '?'])
      expect(within(sheet).getByRole('rowheader', { name: key })).toBeTruthy();
  });

  it('shows the other people’s labels once the row is labelled, and settles their conflict with Shift+F', async () => {
    const user = userEvent.setup();
    const server = fakeLabelsServer(10);
    server.labels.push({ id: 90, row_id: 'run_1:0', label: 'pass', note: null, author: 'Bo' });
    await openQueue(server);
    expect(screen.getByText("Other people's labels show once you have labelled this row.")).toBeTruthy();
    await user.keyboard('f');
    await screen.findByRole('heading', { name: 'Row #1' });
    await user.keyboard('k');
    const annotators = await screen.findByRole('group', { name: 'Annotators' });
    expect(within(annotators).getByRole('group', { name: 'Settle the conflict' })).toBeTruthy();
    await user.keyboard('{Shift>}f{/Shift}');
    await waitFor(() => expect(server.adjudications).toEqual([{ row_id: 'run_1:0', label: 'fail', author: 'Ana' }]));
    expect(await screen.findByText(/Settled as/)).toBeTruthy();
  });
});
