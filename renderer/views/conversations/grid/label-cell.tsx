import type { RowSummary } from '../../../../shared/api/rows';
import type { LabelValue } from '../../../../shared/domain';
import { LabelBadge } from '../verdict-badge';

/** One mark per label value, read beside the author's initial: the colour carries the value too. */
const MARK: Record<LabelValue, string> = { pass: '✓', fail: '✗', unsure: '?', skip: '–', simulator_error: '!' };

type Annotator = NonNullable<RowSummary['annotators']>[number];

const who = (annotator: Annotator) => annotator.author ?? (annotator.kind === 'human' ? 'unsigned' : annotator.kind);
const initial = (annotator: Annotator) => (annotator.author ? annotator.author.slice(0, 1).toUpperCase() : '·');

/**
 * The Label column: a row one person labelled shows that label; a row several people labelled shows a compact badge
 * per annotator (initial and mark), a conflict marker while they disagree, and the settled label once someone settled.
 */
export function LabelCell({ row }: { row: RowSummary }) {
  const annotators = row.annotators ?? [];
  if (annotators.length <= 1 && !row.settled) return <LabelBadge label={row.label === 'conflict' ? null : row.label} />;
  const said = annotators.map((annotator) => `${who(annotator)}: ${annotator.label.replace('_', ' ')}`).join(', ');
  const settled = row.settled ? `; settled ${row.settled.label} by ${row.settled.author}` : '';
  return (
    <span className="label-cell" title={`${said}${settled}`}>
      {row.settled ? (
        <span className={`verdict label-${row.settled.label}`}>{row.settled.label}</span>
      ) : (
        row.label === 'conflict' && <span className="verdict label-conflict">conflict</span>
      )}
      {annotators.map((annotator, index) => (
        <span
          key={`${annotator.author ?? 'unsigned'}-${index}`}
          className={`annotator-badge label-${annotator.label}`}
          aria-label={`${who(annotator)}: ${annotator.label.replace('_', ' ')}`}
        >
          {initial(annotator)}
          {MARK[annotator.label]}
        </span>
      ))}
    </span>
  );
}
