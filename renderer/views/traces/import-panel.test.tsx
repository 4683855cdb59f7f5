// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChosenFile } from '../../api/chosen-file';
import { useTracesStore } from '../../stores/traces/store';
import { ImportPanel } from './import-panel';

afterEach(cleanup);

const file = (name: string) => new File(['{"prompt":"hi"}\n'], name, { type: 'application/json' });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Trace files'), { target: { files } });

describe('the import panel', () => {
  it('keeps a file chosen while the previous import finishes, for the next import', async () => {
    const imported: string[][] = [];
    let finish: (done: boolean) => void = () => undefined;
    useTracesStore.setState({
      importFiles: (files: ChosenFile[]) => {
        imported.push(files.map(({ name }) => name));
        return new Promise<boolean>((resolve) => (finish = resolve));
      },
    });
    render(<ImportPanel />);
    const button = () => screen.getByRole('button', { name: /^Import/ }) as HTMLButtonElement;
    choose([file('first.jsonl')]);
    await act(async () => fireEvent.click(button()));
    choose([file('second.jsonl')]);
    await act(async () => finish(true));
    expect(button().disabled).toBe(false);
    await act(async () => fireEvent.click(button()));
    expect(imported).toEqual([['first.jsonl'], ['second.jsonl']]);
    await act(async () => finish(true));
    expect(button().disabled).toBe(true);
  });
});
