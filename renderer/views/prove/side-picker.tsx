import { AXES, type Axis, type RunSummary } from '../../../shared/domain';
import { readChosenFile, type ChosenFile } from '../../api/chosen-file';
import type { SideChoice } from '../../stores/prove/initial-state';
import { defaultRunId } from './same-side';

interface SidePickerProps {
  role: 'before' | 'after';
  choice: SideChoice;
  runs: RunSummary[];
  /** The run the other side compares, if any: this side starts on another one. */
  otherRunId?: string | null;
  /** Why this side cannot be compared with the other (one source twice), shown at this side. */
  problem?: string | null;
  onChange(choice: SideChoice): void;
  onFile(file: ChosenFile): void;
}

const TITLES = { before: 'Before', after: 'After' } as const;

/** One side: a JSONL file of held-out results, or a graded run (tasks by situation, categories by an axis). */
export function SidePicker({ role, choice, runs, otherRunId = null, problem = null, onChange, onFile }: SidePickerProps) {
  const kind = choice?.kind ?? 'file';
  const id = `prove-${role}`;
  const graded = runs.filter((run) => run.n_graded > 0);
  return (
    <fieldset className="prove-side">
      <legend>{TITLES[role]}</legend>
      <div className="prove-kind" role="radiogroup" aria-label={`${TITLES[role]} from`}>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'file'} onChange={() => onChange(null)} /> JSONL file
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'run'}
            disabled={graded.length === 0}
            onChange={() => onChange({ kind: 'run', run_id: defaultRunId(graded, otherRunId), category_axis: 'tool' })}
          />{' '}
          Graded run{graded.length === 0 ? ' (none yet)' : ''}
        </label>
      </div>
      {kind === 'file' ? (
        <div className="prove-field">
          <label htmlFor={`${id}-file`}>{TITLES[role]} file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".jsonl,.ndjson,.json"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) onFile(await readChosenFile(file));
              else onChange(null);
            }}
          />
        </div>
      ) : (
        choice?.kind === 'run' && (
          <div className="prove-field">
            <label htmlFor={`${id}-run`}>{TITLES[role]} run</label>
            <select
              id={`${id}-run`}
              value={choice.run_id}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => onChange({ ...choice, run_id: event.target.value })}
            >
              {graded.map((run) => (
                <option key={run.id} value={run.id}>
                  {run.name} ({run.n_graded} graded)
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-axis`}>Category</label>
            <select
              id={`${id}-axis`}
              value={choice.category_axis}
              onChange={(event) => onChange({ ...choice, category_axis: event.target.value as Axis })}
            >
              {AXES.map((axis) => (
                <option key={axis} value={axis}>
                  {axis.replace('_', ' ')}
                </option>
              ))}
            </select>
          </div>
        )
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
