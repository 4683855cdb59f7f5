import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ExportPreview } from '../../../shared/api/exports';
import { SPLIT_LABELS } from '../../stores/export/form';
import { selectPreviewKey, selectPreviewWarnings } from '../../stores/export/selectors';
import { useExportStore } from '../../stores/export/store';
import { formatCount } from '../../stores/export/words';
import { ErrorBanner } from '../error-banner';
import { WarningsBanner } from '../warnings-banner';

const count = formatCount;

function Figure({ label, value, hint, isWarning }: { label: string; value: number; hint?: string; isWarning?: boolean }) {
  return (
    <div className="export-figure">
      <dt>
        {label}
        {hint && <span className="export-hint"> {hint}</span>}
      </dt>
      <dd aria-label={label} className={isWarning && value > 0 ? 'export-figure-warning' : undefined}>
        {count(value)}
      </dd>
    </div>
  );
}

function Counts({ preview }: { preview: ExportPreview }) {
  return (
    <>
      <dl className="export-figures">
        <Figure label="Selected rows" value={preview.n_selected} />
        <Figure label="Simulator errors excluded" value={preview.simulator_errors_excluded} hint="labelled simulator_error" isWarning />
        <Figure label="Evaluation rows" value={preview.evaluation_rows} hint="holdout or eval, never in train" />
        <Figure label="Tool-calling rows without schemas" value={preview.tool_rows_without_schemas} isWarning />
      </dl>
      <table className="export-table" aria-label="Lines per split">
        <thead>
          <tr>
            <th scope="col">Split</th>
            <th scope="col" className="numeric">
              Rows
            </th>
            <th scope="col" className="numeric">
              Lines
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.splits.map((split) => (
            <tr key={split.split}>
              <th scope="row">{SPLIT_LABELS[split.split]}</th>
              <td className="numeric">{count(split.rows)}</td>
              <td className="numeric">{count(split.lines)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className="numeric" aria-label="Lines to write">
              {count(preview.n_lines)}
            </td>
          </tr>
        </tfoot>
      </table>
      {preview.dropped.length === 0 ? (
        <p className="export-hint">No gate drops a row.</p>
      ) : (
        <table className="export-table" aria-label="Dropped by gate">
          <thead>
            <tr>
              <th scope="col">Gate</th>
              <th scope="col" className="numeric">
                n
              </th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {preview.dropped.map((drop) => (
              <tr key={`${drop.gate}:${drop.reason}`}>
                <th scope="row" className="mono">
                  {drop.gate}
                </th>
                <td className="numeric">{count(drop.n)}</td>
                <td>{drop.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * Counts and every warning, before anything is written; warnings come first (`warnings`: those made from the counts,
 * then main's, see `selectPreviewWarnings`).
 */
export function ExportPreviewPanel() {
  const { form, selection, preview, refreshPreview } = useExportStore(
    useShallow((store) => ({ form: store.form, selection: store.selection, preview: store.preview, refreshPreview: store.refreshPreview })),
  );
  const warnings = useExportStore(useShallow(selectPreviewWarnings));
  const previewKey = useMemo(() => selectPreviewKey({ form, selection }), [form, selection]);
  const isCurrent = preview.key !== null && preview.key === previewKey;
  // A form problem (a field marked in red) holds the counts back: nothing is being counted until it is fixed.
  const isHeldBack = selection.value !== null && previewKey === null;
  const onRetry = () => void refreshPreview();
  const isLoading = !isHeldBack && (preview.status === 'loading' || (!isCurrent && preview.status !== 'error'));
  return (
    <section className="export-preview" aria-labelledby="export-preview-title" aria-busy={isLoading}>
      <h3 id="export-preview-title" className="export-section-title">
        Before writing
      </h3>
      {preview.status === 'error' && <ErrorBanner message={`The counts could not be made: ${preview.error}`} onRetry={onRetry} />}
      {isLoading && (
        <p className="export-hint" role="status">
          Counting the rows and running the gates…
        </p>
      )}
      {isHeldBack && (
        <p className="export-hint" role="status">
          The counts wait for the form: fix the field marked in red.{preview.value && ' The figures below are the last ones counted.'}
        </p>
      )}
      {preview.value && (
        <div className={isLoading || isHeldBack ? 'export-preview-body is-stale' : 'export-preview-body'}>
          {warnings.length === 0 ? (
            <p className="export-no-warnings">No warnings.</p>
          ) : (
            <WarningsBanner warnings={warnings} degraded={[]} />
          )}
          <Counts preview={preview.value} />
        </div>
      )}
    </section>
  );
}
