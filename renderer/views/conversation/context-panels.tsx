import type { ReactNode } from 'react';
import type { RowDetail } from '../../../shared/api/rows';
import { AXES, verdictOf, type Grade, type Message } from '../../../shared/domain';
import { COLUMN_LAYOUT } from '../conversations/grid/columns';
import { conductOutcome } from '../conversations/grade-source';
import { VerdictBadge } from '../conversations/verdict-badge';
import { evidencePlace } from './evidence';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="context-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function SituationPanel({ row }: { row: RowDetail['row'] }) {
  const faults = Object.entries(row.situation.faults);
  return (
    <Panel title="Situation">
      <dl className="facts">
        {AXES.map((axis) => (
          <div key={axis}>
            <dt>{COLUMN_LAYOUT[axis].label}</dt>
            <dd className={axis === 'tool_condition' && row.situation.dimensions[axis] !== 'success' ? 'fault-text' : undefined}>
              {row.situation.dimensions[axis]}
            </dd>
          </div>
        ))}
        <div>
          <dt>World</dt>
          <dd>{row.situation.world_state}</dd>
        </div>
        <div>
          <dt>Scheduled faults</dt>
          <dd>
            {faults.length === 0
              ? 'none'
              : faults.map(([tool, plan]) => (
                  <span key={tool} className="state state-fault">
                    {tool === '*' ? 'every tool' : tool}: {plan.mode} at {Math.round(plan.rate * 100)}%
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt>Scenario</dt>
          <dd>
            <code>{row.situation.scenario_id}</code>
          </dd>
        </div>
      </dl>
      {row.privileged?.hidden_state && (
        <details className="hidden-state">
          <summary>What the world knows (never exported)</summary>
          <p>{row.privileged.hidden_state}</p>
        </details>
      )}
    </Panel>
  );
}

export function PersonaPanel({ row }: { row: RowDetail['row'] }) {
  return (
    <Panel title="Persona">
      <dl className="facts">
        <div>
          <dt>Stance</dt>
          <dd>{row.persona.stance}</dd>
        </div>
        <div>
          <dt>Patience</dt>
          <dd>{row.persona.patience}</dd>
        </div>
        <div>
          <dt>Style tags</dt>
          <dd>
            <ul className="tag-list" aria-label="Style tags">
              {row.persona.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <figure className="aside-prose">
        <figcaption>The aside the user writer saw</figcaption>
        <blockquote>{row.persona.aside}</blockquote>
      </figure>
    </Panel>
  );
}

function gradeVerdict(grade: Grade) {
  if (grade.label_source !== 'conduct' && grade.unsure) return 'unsure';
  if (grade.reward === null) return 'error';
  return verdictOf(grade.reward)!;
}

function ConductGrade({ grade, messages, onShowSpan }: { grade: Grade; messages: readonly Message[]; onShowSpan?: () => void }) {
  const rule = typeof grade.judge_meta.rule === 'string' ? grade.judge_meta.rule : null;
  return (
    <li className="grade">
      <div className="grade-head">
        <VerdictBadge verdict={gradeVerdict(grade)} />
        {rule ? <code title={conductOutcome(gradeVerdict(grade), rule).title}>{rule}</code> : <span className="muted">no rule fired</span>}
      </div>
      <p>{grade.reason}</p>
      {grade.span && onShowSpan && (
        <button type="button" className="link-button" onClick={onShowSpan}>
          Show the text that fired it ({evidencePlace(messages, grade.span)})
        </button>
      )}
    </li>
  );
}

function JudgeGrade({ grade }: { grade: Grade }) {
  const { provenance } = grade;
  return (
    <li className="grade">
      <div className="grade-head">
        <VerdictBadge verdict={gradeVerdict(grade)} />
        <span className="numeric">{grade.reward === null ? 'no reward' : grade.reward.toFixed(2)}</span>
        <strong>{provenance.judge}</strong>
        {grade.judge_status !== 'ok' && <span className="state state-degraded">{grade.judge_status}</span>}
      </div>
      <p>{grade.reason}</p>
      <dl className="facts provenance" aria-label={`Provenance of ${provenance.judge}`}>
        <div>
          <dt>Source</dt>
          <dd>{grade.label_source}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{provenance.model ?? '—'}</dd>
        </div>
        <div>
          <dt>Rubric hash</dt>
          <dd>
            <code>{provenance.rubric_hash ?? '—'}</code>
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{provenance.version ?? '—'}</dd>
        </div>
        {grade.failure_class && (
          <div>
            <dt>Failure class</dt>
            <dd>{grade.failure_class}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

export function GradesPanel({
  grades,
  messages,
  onShowSpan,
}: {
  grades: readonly Grade[];
  messages: readonly Message[];
  onShowSpan(): void;
}) {
  const conduct = grades.filter((grade) => grade.label_source === 'conduct').reverse();
  const judges = grades.filter((grade) => grade.label_source !== 'conduct').reverse();
  return (
    <Panel title="Grades">
      {grades.length === 0 && (
        <p className="muted">Not graded yet: conduct checks and judge verdicts appear here once the run is graded.</p>
      )}
      {conduct.length > 0 && (
        <>
          <h3>Conduct checks</h3>
          <ul className="grade-list">
            {conduct.map((grade, index) => (
              <ConductGrade
                key={`${grade.created_at}-${index}`}
                grade={grade}
                messages={messages}
                onShowSpan={index === 0 ? onShowSpan : undefined}
              />
            ))}
          </ul>
        </>
      )}
      {judges.length > 0 && (
        <>
          <h3>Judges</h3>
          <ul className="grade-list">
            {judges.map((grade, index) => (
              <JudgeGrade key={`${grade.created_at}-${index}`} grade={grade} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

export function RunContextPanel({ detail }: { detail: RowDetail }) {
  const { row } = detail;
  return (
    <Panel title="Run context">
      <dl className="facts">
        <div>
          <dt>Writer</dt>
          <dd>
            {row.writer} <span className="muted">({row.writer_model})</span>
          </dd>
        </div>
        <div>
          <dt>Agent</dt>
          <dd>{row.agent_model}</dd>
        </div>
        <div>
          <dt>User model</dt>
          <dd>{row.user_model}</dd>
        </div>
        <div>
          <dt>Ended by</dt>
          <dd>
            {row.ended_by} <span className="muted">({row.finish_reason})</span>
          </dd>
        </div>
        <div>
          <dt>Rollout</dt>
          <dd>
            <code>{row.rollout_id}</code>
          </dd>
        </div>
      </dl>
      <details>
        <summary>System prompt</summary>
        <pre className="prose-pre">{detail.system_prompt ?? "The run's spec is not stored."}</pre>
      </details>
      <details>
        <summary>Tools ({detail.tools.length})</summary>
        <ul className="tool-list">
          {detail.tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code> <span className="muted">{tool.description}</span>
              <pre className="json">{JSON.stringify(tool.parameters, null, 2)}</pre>
            </li>
          ))}
        </ul>
      </details>
    </Panel>
  );
}
