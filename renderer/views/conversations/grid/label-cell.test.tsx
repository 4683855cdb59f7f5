// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RowSummary } from '../../../../shared/api/rows';
import { LabelCell } from './label-cell';

afterEach(cleanup);

const row = (fields: Partial<RowSummary>): RowSummary => ({ label: null, annotators: [], settled: null, ...fields }) as RowSummary;

describe('the Label column', () => {
  it('shows one person’s label as it always did', () => {
    render(<LabelCell row={row({ label: 'pass', annotators: [{ author: 'Ana', label: 'pass', kind: 'human' }] })} />);
    expect(screen.getByText('pass')).toBeTruthy();
  });

  it('shows a badge per annotator and a conflict marker while they disagree, every label whole on hover', () => {
    const { container } = render(
      <LabelCell
        row={row({
          label: 'conflict',
          annotators: [
            { author: 'Ana', label: 'pass', kind: 'human' },
            { author: 'Bo', label: 'fail', kind: 'human' },
          ],
        })}
      />,
    );
    expect(screen.getByText('conflict')).toBeTruthy();
    expect(screen.getByLabelText('Ana: pass').textContent).toBe('A✓');
    expect(screen.getByLabelText('Bo: fail').textContent).toBe('B✗');
    expect(container.querySelector('.label-cell')?.getAttribute('title')).toBe('Ana: pass, Bo: fail');
  });

  it('shows the settled label first once someone settled the conflict, and who did', () => {
    const { container } = render(
      <LabelCell
        row={row({
          label: 'fail',
          annotators: [
            { author: 'Ana', label: 'pass', kind: 'human' },
            { author: 'Bo', label: 'fail', kind: 'human' },
          ],
          settled: { label: 'fail', author: 'Cy' },
        })}
      />,
    );
    expect(screen.queryByText('conflict')).toBeNull();
    expect(screen.getByText('fail')).toBeTruthy();
    expect(container.querySelector('.label-cell')?.getAttribute('title')).toBe('Ana: pass, Bo: fail; settled fail by Cy');
  });
});
