import type { Issue } from '../../../shared/api';
import { SPLIT_NAMES } from '../../../shared/api/exports';
import { type ExportForm, issuesAt, passesOnlyApplies, SPLIT_LABELS } from '../../stores/export/form';
import { FieldError } from './field-error';

interface RowsFieldsProps {
  form: ExportForm;
  issues: readonly Issue[];
  isEnvironment: boolean;
  otherRuns: readonly { id: string; name: string; rows: number }[];
  onChange(patch: Partial<ExportForm>): void;
}

function Percent({
  field,
  label,
  value,
  issues,
  onChange,
}: {
  field: 'holdout' | 'eval';
  label: string;
  value: string;
  issues: readonly Issue[];
  onChange(value: string): void;
}) {
  const own = issuesAt(issues, field);
  return (
    <div className="export-row">
      <label htmlFor={`export-${field}`}>{label}</label>
      <input
        id={`export-${field}`}
        className="export-percent"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-invalid={own.length > 0 || undefined}
        aria-describedby={`export-${field}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="muted">% of scenarios</span>
      <FieldError id={`export-${field}-error`} issues={own} />
    </div>
  );
}

/** Which rows: passes only, the splits and their shares, and the evaluation sets to keep out. */
export function RowsFields({ form, issues, isEnvironment, otherRuns, onChange }: RowsFieldsProps) {
  const splitIssues = issuesAt(issues, 'splits');
  const fileIssues = issuesAt(issues, 'against_files');
  const applies = passesOnlyApplies(form);
  return (
    <>
      <fieldset className="export-fieldset">
        <legend>Rows</legend>
        <label className={applies ? 'export-choice' : 'export-choice is-disabled'}>
          <input
            type="checkbox"
            checked={applies && form.passes_only}
            disabled={!applies}
            aria-describedby="export-passes-only-hint"
            onChange={(event) => onChange({ passes_only: event.target.checked })}
          />
          Passes only <span className="muted">(latest grade a full pass, reward 1)</span>
        </label>
        <span id="export-passes-only-hint" className="export-hint">
          {applies
            ? 'SFT imitates every row it reads: keep this on so it learns only from conversations that passed.'
            : `${isEnvironment ? 'An RL environment' : form.training === 'dpo' ? 'DPO' : 'GRPO'} learns from passes and failures ` +
              'side by side, so every graded row is used.'}
        </span>
      </fieldset>
      <fieldset className="export-fieldset" aria-describedby="export-splits-error">
        <legend>Splits</legend>
        <p className="export-hint">Each scenario is hashed into one split, so an ask never sits on both sides.</p>
        {!isEnvironment && (
          <div className="export-choices export-choices-inline" role="group" aria-label="Splits to write">
            {SPLIT_NAMES.map((split) => (
              <label key={split} className="export-choice">
                <input
                  type="checkbox"
                  checked={form.splits.includes(split)}
                  onChange={(event) =>
                    onChange({ splits: event.target.checked ? [...form.splits, split] : form.splits.filter((item) => item !== split) })
                  }
                />
                {SPLIT_LABELS[split]}
              </label>
            ))}
          </div>
        )}
        <FieldError id="export-splits-error" issues={splitIssues} />
        <Percent field="holdout" label="Holdout share" value={form.holdout} issues={issues} onChange={(holdout) => onChange({ holdout })} />
        {!isEnvironment && (
          <Percent field="eval" label="Eval share" value={form.eval} issues={issues} onChange={(value) => onChange({ eval: value })} />
        )}
      </fieldset>
      <fieldset className="export-fieldset">
        <legend>Decontaminate against</legend>
        <p className="export-hint">
          Rows whose ask copies an evaluation row are dropped: same task, the same words, or 8-grams covering 80% of the ask.
        </p>
        {otherRuns.length > 0 && (
          <div className="export-runs" role="group" aria-label="Other runs' holdout and eval rows">
            {otherRuns.map((run) => (
              <label key={run.id} className="export-choice">
                <input
                  type="checkbox"
                  checked={form.against_runs.includes(run.id)}
                  onChange={(event) =>
                    onChange({
                      against_runs: event.target.checked ? [...form.against_runs, run.id] : form.against_runs.filter((id) => id !== run.id),
                    })
                  }
                />
                <span className="export-run-name">{run.name}</span>{' '}
                <span className="n">{run.rows.toLocaleString()} rows · holdout and eval</span>
              </label>
            ))}
          </div>
        )}
        <label htmlFor="export-against-files" className="export-label">
          Files on this machine (one path per line)
        </label>
        <textarea
          id="export-against-files"
          className="mono"
          rows={2}
          spellCheck={false}
          placeholder="/path/to/benchmark-prompts.jsonl"
          value={form.against_files}
          aria-invalid={fileIssues.length > 0 || undefined}
          aria-describedby="export-against-files-hint export-against-files-error"
          onChange={(event) => onChange({ against_files: event.target.value })}
        />
        <span id="export-against-files-hint" className="export-hint">
          JSONL of chat rows (messages) or {'{"id", "task_id", "prompt"}'} lines, such as a public benchmark’s prompts. Full paths, starting
          with /.
        </span>
        <FieldError id="export-against-files-error" issues={fileIssues} />
      </fieldset>
    </>
  );
}
