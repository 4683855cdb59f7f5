import type { ReactNode } from 'react';
import { formatCount } from './format';

export interface Figure {
  label: string;
  value: ReactNode;
  /** What the figure counts, on hover. */
  title?: string;
  /** A quiet line under the label (e.g. the stances a tier holds). */
  note?: string;
}

export function Figures({ title, rows, note }: { title: string; rows: Figure[]; note?: string }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel-title">{title}</h2>
      {note && <p className="muted run-summary-note">{note}</p>}
      <dl className="kv">
        {rows.map((row) => (
          <div key={row.label} title={row.title}>
            <dt>
              {row.label}
              {row.note && <span className="kv-note">{row.note}</span>}
            </dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ofTotal(part: number, total: number): ReactNode {
  return (
    <>
      {formatCount(part)} <span className="n">/ {formatCount(total)}</span>
    </>
  );
}
