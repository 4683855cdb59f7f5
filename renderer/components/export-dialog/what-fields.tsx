import { TRAINING_KINDS, type TrainingKind } from '../../../shared/api/exports';
import { TRAINING_LABELS, type ExportForm } from '../../stores/export/form';
import type { ExportFormatChoice } from '../../stores/export/initial-state';
import { NEW_RUN_REPEATS, selectFormatsOf } from '../../stores/export/selectors';

const TRAINING_HINTS: Readonly<Record<TrainingKind, string>> = {
  sft: 'Conversations to imitate.',
  dpo: 'Pairs of a better and a worse reply to the same ask.',
  grpo: 'Prompts in the 20–80% difficulty band, with their group statistics.',
};

interface WhatFieldsProps {
  form: ExportForm;
  formats: readonly ExportFormatChoice[];
  isEnvironment: boolean;
  /** Why DPO cannot come from this run (a single rollout per situation), or null. */
  dpoUnavailable: string | null;
  onChange(patch: Partial<ExportForm>): void;
  /** Starts a new run of the same spec and seed with more repeats (the New run screen, pre-filled). */
  onNewRunWithRepeats(): void;
}

/** What to train and the line shape: the kind picks the formats offered. */
export function WhatFields({ form, formats, isEnvironment, dpoUnavailable, onChange, onNewRunWithRepeats }: WhatFieldsProps) {
  const offered = selectFormatsOf(formats, form.training);
  return (
    <>
      <fieldset className="export-fieldset" disabled={isEnvironment}>
        <legend>What to train</legend>
        <div className="export-choices export-choices-inline">
          {TRAINING_KINDS.map((kind) => (
            <label key={kind} className="export-choice" title={kind === 'dpo' && dpoUnavailable ? dpoUnavailable : TRAINING_HINTS[kind]}>
              <input
                type="radio"
                name="export-training"
                value={kind}
                checked={form.training === kind}
                disabled={kind === 'dpo' && dpoUnavailable !== null}
                onChange={() => onChange({ training: kind })}
              />
              {TRAINING_LABELS[kind]}
            </label>
          ))}
        </div>
        <p className="export-hint">
          {isEnvironment
            ? 'An RL environment package carries its own train and holdout tasks: the kind and format do not apply.'
            : TRAINING_HINTS[form.training]}
        </p>
        {dpoUnavailable && !isEnvironment && (
          <p className="export-hint export-offer">
            {dpoUnavailable}{' '}
            <button type="button" className="link-button" onClick={onNewRunWithRepeats}>
              New run with repeats
            </button>{' '}
            (the same spec and seed, {NEW_RUN_REPEATS} rollouts per situation).
          </p>
        )}
      </fieldset>
      <fieldset className="export-fieldset" disabled={isEnvironment}>
        <legend>Format</legend>
        <div className="export-choices">
          {offered.length === 0 && <p className="export-hint">Loading the formats…</p>}
          {offered.map((choice) => (
            <label key={choice.format} className="export-choice export-choice-block">
              <input
                type="radio"
                name="export-format"
                value={choice.format}
                checked={form.format === choice.format}
                onChange={() => onChange({ format: choice.format })}
              />
              <span>
                <span className="export-choice-label">{choice.label}</span>
                <span className="export-hint">{choice.description}</span>
              </span>
            </label>
          ))}
        </div>
        {form.training === 'sft' && (
          <div className="export-row">
            <label htmlFor="export-mask-mode">Loss on</label>
            <select
              id="export-mask-mode"
              value={form.mask_mode}
              onChange={(event) => onChange({ mask_mode: event.target.value as ExportForm['mask_mode'] })}
            >
              <option value="assistant">every assistant turn</option>
              <option value="final">the last assistant turn only</option>
            </select>
          </div>
        )}
      </fieldset>
    </>
  );
}
