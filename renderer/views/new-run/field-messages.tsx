import type { Issue } from '../../../shared/api';
import type { PreflightCheck } from '../../../shared/api/runs';
import { specIssueSentence } from './spec-issue-words';

interface FieldMessagesProps {
  /** Referenced by the field's aria-describedby. */
  id: string;
  /**
   * A spec field's own path: its issues read in words (`Rule 8 is empty: ...`), and an issue deeper than it shows the
   * rest of its path (`properties.amount.type: ...`). Without it (the settings) messages show as they come.
   */
  path?: string;
  issues?: readonly Issue[];
  warnings?: readonly Issue[];
  checks?: readonly PreflightCheck[];
  /** A problem found in the browser (JSON that does not parse). */
  local?: string | null;
}

function sentence(issue: Issue, fieldPath: string | undefined): string {
  return fieldPath === undefined ? issue.message : specIssueSentence(issue, { under: fieldPath });
}

/** Validation messages under a field: errors first, then warnings. Renders an empty anchor when all is well. */
export function FieldMessages({ id, path, issues = [], warnings = [], checks = [], local }: FieldMessagesProps) {
  const errors = [
    ...(local ? [local] : []),
    ...issues.map((issue) => sentence(issue, path)),
    ...checks.filter((check) => check.level === 'error').map((check) => check.message),
  ];
  const notes = [
    ...warnings.map((issue) => sentence(issue, path)),
    ...checks.filter((check) => check.level === 'warning').map((check) => check.message),
  ];
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
