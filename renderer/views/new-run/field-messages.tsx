import type { Issue } from '../../../shared/api';
import type { PreflightCheck } from '../../../shared/api/runs';

interface FieldMessagesProps {
  /** Referenced by the field's aria-describedby. */
  id: string;
  /** The field's own path: an issue deeper than it shows the rest of its path (`properties.amount.type: ...`). */
  path?: string;
  issues?: readonly Issue[];
  warnings?: readonly Issue[];
  checks?: readonly PreflightCheck[];
  /** A problem found in the browser (JSON that does not parse). */
  local?: string | null;
}

function tail(issuePath: string, fieldPath: string | undefined): string {
  if (!fieldPath || issuePath === fieldPath || !issuePath.startsWith(`${fieldPath}.`)) return '';
  return `${issuePath.slice(fieldPath.length + 1)}: `;
}

/** Validation messages under a field: errors first, then warnings. Renders an empty anchor when all is well. */
export function FieldMessages({ id, path, issues = [], warnings = [], checks = [], local }: FieldMessagesProps) {
  const errors = [
    ...(local ? [local] : []),
    ...issues.map((issue) => `${tail(issue.path, path)}${issue.message}`),
    ...checks.filter((check) => check.level === 'error').map((check) => check.message),
  ];
  const notes = [...warnings.map((issue) => `${tail(issue.path, path)}${issue.message}`), ...checks.filter((check) => check.level === 'warning').map((check) => check.message)];
  if (errors.length === 0 && notes.length === 0) return <span id={id} hidden />;
  return (
    <div id={id} className="field-messages">
      {errors.map((message) => (
        <p key={`e:${message}`} className="field-error">
          {message}
        </p>
      ))}
      {notes.map((message) => (
        <p key={`w:${message}`} className="field-warning">
          {message}
        </p>
      ))}
    </div>
  );
}
