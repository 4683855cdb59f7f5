import { SquareTerminal } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { RunListItem } from '../../../shared/api';
import { writerElsewhere, writerMark } from '../../stores/runs/selectors';
import { fillTarget, formatDateTime, formatListDate, formatPassRate, formatPercent } from './format';

/** A fill run's own plan's coverage, for its title: the list shows its aim instead. */
const ownPairsText = ({ pairwise }: RunListItem) =>
  pairwise
    ? ` Its own plan's pairs covered: ${formatPercent(pairwise.fraction)} (${pairwise.pairs_covered}/${pairwise.pairs_planned}).`
    : '';

/** One run in the list: the whole row opens it (click, or Enter on the focused row or its name). */
export function RunRow({ run, onOpen }: { run: RunListItem; onOpen(): void }) {
  const writer = writerElsewhere(run);
  const mark = writer && writerMark(writer);
  const fill = fillTarget(run.config.aim);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen();
    }
  };
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    // The name link navigates by itself; anywhere else on the row opens the run too.
    if ((event.target as HTMLElement).closest('a')) return;
    onOpen();
  };
  return (
    <tr className="run-row" tabIndex={0} onClick={onClick} onKeyDown={onKeyDown} aria-label={`Open run ${run.name}`}>
      <td>
        <a className="run-link" href={`#/runs/${encodeURIComponent(run.id)}`} tabIndex={-1} title={run.name}>
          {run.name}
        </a>
        <code className="muted">{run.id}</code>
      </td>
      <td>
        <span className={`state state-${run.status}`}>{run.status}</span>
        {mark && (
          <span className={`run-writer run-writer-${writer.state}`} role="note" aria-label={mark.label} title={mark.label}>
            <SquareTerminal size={11} aria-hidden="true" />
            {mark.text}
          </span>
        )}
      </td>
      <td className="numeric">
        {run.rows_done.toLocaleString()}
        <span className="n"> / {run.config.budget.toLocaleString()}</span>
      </td>
      {fill ? (
        // A fill run's pairwise fraction spans only the axes it left free: read as the grid's, it looks poorly covered.
        <td className="numeric run-fill" title={`A fill run: every row carries ${fill.words}.${ownPairsText(run)}`}>
          <span className="run-fill-mark">{fill.mark}</span>
        </td>
      ) : (
        <td className="numeric">
          {run.pairwise ? formatPercent(run.pairwise.fraction) : <span className="muted">—</span>}
          {run.pairwise && (
            <span className="n">
              {' '}
              {run.pairwise.pairs_covered}/{run.pairwise.pairs_planned}
            </span>
          )}
        </td>
      )}
      <td className="numeric">{formatPassRate(run) ?? <span className="muted">not graded</span>}</td>
      <td>
        {run.degraded.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          run.degraded.map((code) => (
            <span key={code} className="state state-degraded">
              {code}
            </span>
          ))
        )}
        {run.warnings.length > 0 && (
          <span className="run-warning-count" title={run.warnings.join('\n')}>
            {run.warnings.length === 1 ? '1 warning' : `${run.warnings.length} warnings`}
          </span>
        )}
      </td>
      <td className="run-created">
        <time dateTime={run.created_at} title={formatDateTime(run.created_at)}>
          {formatListDate(run.created_at)}
        </time>
      </td>
    </tr>
  );
}
