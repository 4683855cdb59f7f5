import type { Issue } from '../../../shared/api';

/** A field's problems under it, read with the field (`aria-describedby` the id). */
export function FieldError({ id, issues }: { id: string; issues: readonly Issue[] }) {
  if (issues.length === 0) return <span id={id} hidden />;
  return (
    <span id={id} className="export-field-error" role="alert">
      {issues.map((issue) => issue.message).join(' ')}
    </span>
  );
}
