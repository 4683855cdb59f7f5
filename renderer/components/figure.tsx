import type { ReactNode } from 'react';

/**
 * A label, a right-aligned number (named `name` for assistive technology) and, under it, an optional short note.
 * `main` gives the panel's leading figure more room; `title` explains the figure on hover.
 */
export function Figure({
  label,
  name,
  children,
  note,
  noteTitle,
  title,
  main = false,
}: {
  label: string;
  name: string;
  children: ReactNode;
  note?: string;
  noteTitle?: string;
  title?: string;
  main?: boolean;
}) {
  return (
    <div className={main ? 'figure figure-main' : 'figure'} title={title}>
      <span className="figure-label">{label}</span>
      <span className="figure-value" aria-label={name}>
        {children}
      </span>
      {note !== undefined && (
        <span className="figure-note" title={noteTitle}>
          {note}
        </span>
      )}
    </div>
  );
}
