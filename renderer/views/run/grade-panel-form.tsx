import { Gavel } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { GradeJobState, GradingState } from '../../stores/grading/initial-state';
import { readsRubric, type GradeForm, type GradeFormField, type JudgeChoice } from '../../stores/grading/judge-choice';
import { isJobActive } from '../../stores/grading/selectors';

const CONDUCT_HINT =
  'The deterministic rules: an action claimed without a tool call, an identifier the person never gave, success after a failed call…';

interface GradeFormProps {
  form: GradeForm;
  runJudge: string | null;
  check: GradingState['check'];
  fieldError: GradingState['fieldError'];
  job: GradeJobState | null;
  /** Why grading cannot start now (the run is still simulating); null when it can. */
  blocker: string | null;
  onChange(patch: Partial<GradeForm>): void;
  onStart(): void;
}

function Messages({ id, errors, notes }: { id: string; errors: readonly string[]; notes: readonly string[] }) {
  if (errors.length === 0 && notes.length === 0) return <span id={id} hidden />;
  return (
    <div id={id}>
      {errors.map((message) => (
        <p key={`e:${message}`} className="grade-message grade-message-error" role="alert">
          {message}
        </p>
      ))}
      {notes.map((message) => (
        <p key={`n:${message}`} className="grade-message grade-message-warning">
          {message}
        </p>
      ))}
    </div>
  );
}

function Choice({
  value,
  form,
  disabled,
  title,
  hint,
  children,
  onChange,
}: {
  value: JudgeChoice;
  form: GradeForm;
  disabled?: boolean;
  title: ReactNode;
  hint?: ReactNode;
  children?: ReactNode;
  onChange(patch: Partial<GradeForm>): void;
}) {
  return (
    <div className="grade-choice">
      <input
        type="radio"
        id={`grade-choice-${value}`}
        name="grade-judge"
        value={value}
        checked={form.choice === value}
        disabled={disabled}
        onChange={() => onChange({ choice: value })}
      />
      <label htmlFor={`grade-choice-${value}`}>{title}</label>
      {hint && <span className="grade-choice-hint">{hint}</span>}
      {form.choice === value && children}
    </div>
  );
}

/**
 * The judge that grades after the conduct checks, typed as a person would: a model spec in colon form, checked
 * (no model is called) as it is typed, so a slash form or a missing key is refused at the field before grading.
 */
export function GradePanelForm({ form, runJudge, check, fieldError, job, blocker, onChange, onStart }: GradeFormProps) {
  const id = useId();
  const errorAt = (field: GradeFormField) => (fieldError?.field === field ? [fieldError.message] : []);
  const checkFor = (spec: string) => (check.spec === spec || check.spec === `decision:${spec}` ? check : null);
  const specMessages = (field: 'model' | 'decisionModel') => {
    const typed = form[field].trim();
    const checked = typed ? checkFor(typed) : null;
    const errors = [...errorAt(field), ...(checked && !fieldError ? checked.issues : [])];
    const notes = checked?.status === 'loading' ? ['Checking…'] : (checked?.notes ?? []);
    return { errors, notes, isInvalid: errors.length > 0 };
  };
  const model = specMessages('model');
  const decision = specMessages('decisionModel');
  const isActive = isJobActive(job);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isActive && !blocker) onStart();
  };
  return (
    <form className="grade-form" onSubmit={submit} noValidate aria-label="Grade this run">
      <fieldset disabled={isActive}>
        <legend>Judge</legend>
        <Choice value="conduct" form={form} onChange={onChange} title="Conduct checks only" hint={CONDUCT_HINT} />
        <Choice
          value="run_judge"
          form={form}
          onChange={onChange}
          disabled={runJudge === null}
          title={
            <>
              The run&apos;s judge model{' '}
              {runJudge ? <code>{runJudge}</code> : <span className="muted">(none: this run was started offline)</span>}
            </>
          }
        />
        <Choice
          value="model"
          form={form}
          onChange={onChange}
          title="A rubric judge on a model"
          hint="Colon form: openai:…, anthropic:…, compatible:<model>@<base_url>."
        >
          <div className="grade-field">
            <label htmlFor={`${id}-model`}>Judge model</label>
            <input
              id={`${id}-model`}
              type="text"
              value={form.model}
              placeholder="openai:gpt-4.1-mini"
              spellCheck={false}
              autoComplete="off"
              aria-invalid={model.isInvalid}
              aria-describedby={`${id}-model-messages`}
              onChange={(event) => onChange({ model: event.target.value })}
            />
            <Messages id={`${id}-model-messages`} errors={model.errors} notes={model.notes} />
          </div>
        </Choice>
        <Choice
          value="decision"
          form={form}
          onChange={onChange}
          title="A decision judge"
          hint="A probability per row with its own failure class; within 0.1 of even the row is unsure."
        >
          <div className="grade-field">
            <label htmlFor={`${id}-decision`}>Decision model</label>
            <input
              id={`${id}-decision`}
              type="text"
              value={form.decisionModel}
              placeholder="openai:gpt-4.1-mini"
              spellCheck={false}
              autoComplete="off"
              aria-invalid={decision.isInvalid}
              aria-describedby={`${id}-decision-messages`}
              onChange={(event) => onChange({ decisionModel: event.target.value })}
            />
            <Messages id={`${id}-decision-messages`} errors={decision.errors} notes={decision.notes} />
          </div>
        </Choice>
        <Messages id={`${id}-choice-messages`} errors={errorAt('choice')} notes={[]} />
        <label className="grade-skip">
          <input type="checkbox" checked={form.skipGraded} onChange={(event) => onChange({ skipGraded: event.target.checked })} />
          Only rows this judge has not graded yet <span className="muted">(continues a cancelled job)</span>
        </label>
      </fieldset>
      {readsRubric(form, runJudge) && (
        <div className="grade-field grade-rubric">
          <label htmlFor={`${id}-rubric`}>Rubric (optional)</label>
          <textarea
            id={`${id}-rubric`}
            value={form.rubric}
            rows={3}
            disabled={isActive}
            placeholder="Empty: a rubric built from the run's policy rules."
            aria-invalid={errorAt('rubric').length > 0}
            aria-describedby={`${id}-rubric-messages`}
            onChange={(event) => onChange({ rubric: event.target.value })}
          />
          <Messages id={`${id}-rubric-messages`} errors={errorAt('rubric')} notes={[]} />
          <span className="grade-choice-hint">A rubric edit is a new judge: its hash is part of the version stamped on every grade.</span>
        </div>
      )}
      <div className="grade-actions">
        <button type="submit" className="primary" disabled={isActive || blocker !== null}>
          <Gavel size={13} aria-hidden="true" /> {job?.status === 'starting' ? 'Loading the judge…' : 'Grade'}
        </button>
        <span className="muted">{blocker ?? 'The conduct checks always run first, on every row.'}</span>
      </div>
    </form>
  );
}
