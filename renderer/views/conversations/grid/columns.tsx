import { columnVisibilityFeature, createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { CircleCheck, Flag } from 'lucide-react';
import { ROW_SORT_COLUMNS, type RowColumn, type RowFilterKey, type RowSummary } from '../../../../shared/api/rows';
import { conductOutcome, judgeSourceText, judgeSourceTitle } from '../grade-source';
import { MatchSnippet } from './match-snippet';
import { VerdictBadge } from '../verdict-badge';
import { LabelCell } from './label-cell';

export const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature });

export interface ColumnLayout {
  label: string;
  /** Pixels; the last column takes any room left (at least this much). */
  width: number;
  numeric?: boolean;
  monospace?: boolean;
  /** The filter this column's menu sets, when it has one. */
  filter?: RowFilterKey;
}

/** How each column looks, in the table's order (ROW_COLUMNS): the verdicts and the prompt first, then the axes. */
export const COLUMN_LAYOUT: Record<RowColumn, ColumnLayout> = {
  ordinal: { label: '#', width: 78, numeric: true },
  conduct: { label: 'Conduct', width: 190, filter: 'conduct' },
  reward: { label: 'Reward', width: 80, numeric: true },
  judge: { label: 'Judge', width: 176, filter: 'judge' },
  label: { label: 'Label', width: 150, filter: 'label' },
  prompt: { label: 'Prompt', width: 320 },
  tool: { label: 'Tool', width: 150, filter: 'tool' },
  rule: { label: 'Rule', width: 200, filter: 'rule' },
  stance: { label: 'Stance', width: 118, filter: 'stance' },
  world_state: { label: 'World state', width: 150, filter: 'world_state' },
  tool_condition: { label: 'Tool condition', width: 140, filter: 'tool_condition' },
  history: { label: 'History', width: 150, filter: 'history' },
  persona_tags: { label: 'Persona tags', width: 210, filter: 'persona_tags' },
  writer: { label: 'Writer', width: 136, filter: 'writer' },
  turns: { label: 'Turns', width: 70, numeric: true },
  ended_by: { label: 'Ended by', width: 104, filter: 'ended_by' },
  scenario_id: { label: 'Scenario', width: 128, monospace: true },
  conduct_rule: { label: 'Conduct rule', width: 180, filter: 'conduct_rule', monospace: true },
};

/** Shown until a person chooses otherwise (a saved choice wins): verdicts, label, prompt, the six axes, persona, writer, turns. */
export const DEFAULT_HIDDEN: readonly RowColumn[] = ['scenario_id', 'conduct_rule'];

/** Columns a person cannot hide: without them a row cannot be told apart. */
export const ALWAYS_SHOWN: readonly RowColumn[] = ['ordinal'];

/** `.conduct-rule` alone is in the fail colour: an all-clear takes the pass colour, a passing flaw the quiet one. */
/** The conduct rule of a row: a red flag only when it failed the row; an all-clear (`conforms`, `fault_ok`) is a tick. */
function ConductRule({ rule, tone }: { rule: string; tone: ReturnType<typeof conductOutcome>['tone'] }) {
  const Icon = tone === 'clear' ? CircleCheck : Flag;
  // A long rule ends in an ellipsis (its own box, so the icon stays) and shows whole on hover.
  return (
    <span className={`conduct-rule ${tone}`}>
      <Icon size={12} aria-hidden="true" />
      <span className="conduct-rule-name" title={rule}>
        {rule}
      </span>
    </span>
  );
}

const helper = createColumnHelper<typeof features, RowSummary>();
const sortable = new Set<string>(ROW_SORT_COLUMNS);
const base = (id: RowColumn) => ({
  id,
  header: COLUMN_LAYOUT[id].label,
  enableSorting: sortable.has(id),
  enableHiding: !ALWAYS_SHOWN.includes(id),
});

export const columns = helper.columns([
  helper.accessor('ordinal', { ...base('ordinal'), cell: (info) => info.getValue() }),
  helper.accessor('conduct', {
    ...base('conduct'),
    cell: (info) => {
      const conduct = info.getValue();
      if (!conduct) return <VerdictBadge verdict="ungraded" />;
      const outcome = conduct.rule ? conductOutcome(conduct.verdict, conduct.rule) : null;
      return (
        <span className="conduct-cell" title={outcome?.title}>
          <VerdictBadge verdict={conduct.verdict} />
          {conduct.rule && outcome && <ConductRule rule={conduct.rule} tone={outcome.tone} />}
        </span>
      );
    },
  }),
  helper.accessor((row) => row.judge?.reward ?? null, {
    ...base('reward'),
    cell: (info) => {
      const reward = info.getValue();
      const judge = info.row.original.judge;
      if (reward === null || !judge) return <span className="muted">—</span>;
      return <span title={`Reward from ${judgeSourceText(judge)}`}>{reward.toFixed(2)}</span>;
    },
  }),
  helper.accessor('judge', {
    ...base('judge'),
    cell: (info) => {
      const judge = info.getValue();
      if (!judge) return <VerdictBadge verdict="ungraded" />;
      return (
        <span title={judgeSourceTitle(judge)}>
          <VerdictBadge verdict={judge.verdict} /> <span className="muted">{judgeSourceText(judge)}</span>
        </span>
      );
    },
  }),
  helper.accessor('label', { ...base('label'), cell: (info) => <LabelCell row={info.row.original} /> }),
  helper.accessor('prompt', {
    ...base('prompt'),
    // With a search, the line says where the row matched instead (computed with the page, see shared/api/rows.ts).
    cell: (info) => {
      const match = info.row.original.match;
      return match ? <MatchSnippet match={match} /> : info.getValue();
    },
  }),
  helper.accessor('tool', { ...base('tool'), cell: (info) => info.getValue() }),
  helper.accessor('rule', { ...base('rule'), cell: (info) => info.getValue() }),
  helper.accessor('stance', { ...base('stance'), cell: (info) => info.getValue() }),
  helper.accessor('world_state', { ...base('world_state'), cell: (info) => info.getValue() }),
  helper.accessor('tool_condition', {
    ...base('tool_condition'),
    cell: (info) => (info.getValue() === 'success' ? info.getValue() : <span className="fault-text">{info.getValue()}</span>),
  }),
  helper.accessor('history', { ...base('history'), cell: (info) => info.getValue() }),
  helper.accessor('persona_tags', {
    ...base('persona_tags'),
    cell: (info) => info.getValue().join(' · '),
  }),
  helper.accessor('writer', { ...base('writer'), cell: (info) => info.getValue() }),
  helper.accessor('turns', { ...base('turns'), cell: (info) => info.getValue() }),
  helper.accessor('ended_by', { ...base('ended_by'), cell: (info) => info.getValue() }),
  helper.accessor('scenario_id', { ...base('scenario_id'), cell: (info) => info.getValue() }),
  helper.accessor((row) => row.conduct?.rule ?? '', { ...base('conduct_rule'), cell: (info) => info.getValue() || '—' }),
]);
