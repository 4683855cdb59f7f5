import { judgeKey } from '../../../shared/api/grades';
import { WRITER_ARMS, type SimulationSummary } from '../../../shared/domain';
import { Figures, ofTotal, type Figure } from './figures';
import { formatCount, formatShare } from './format';

/** A share to one decimal place of a percent, where whole percents hide a fault share's difference. */
const fine = (share: number | null | undefined) => (share == null ? '—' : `${(share * 100).toFixed(1)}%`);

/** Each writer's rows and share of them beside the bandit's last weight; runs stored before the spent shares show weights alone. */
function writerRows(search: SimulationSummary['search']): Figure[] {
  const spent = search.arm_rows;
  return WRITER_ARMS.filter((arm) => (spent?.[arm] ?? 0) > 0 || (search.arm_weights[arm] ?? 0) > 0).map((arm) => {
    const weight = search.arm_weights[arm] ?? 0;
    const weightWords = weight > 0 ? `weight ${formatShare(weight)}` : 'not weighted';
    return {
      label: arm,
      value: spent ? `${formatShare(search.arm_shares?.[arm])} · ${formatCount(spent[arm])} rows` : formatShare(weight),
      note: spent ? weightWords : undefined,
      title:
        weight > 0
          ? `The bandit's last weight for ${arm} was ${formatShare(weight)}; the share is of the rows it actually wrote.`
          : `${arm} is not weighted by the bandit: offline, the loop adds at most one such card a batch.`,
    };
  });
}

function deliveredRows(coverage: SimulationSummary['coverage']): Figure[] {
  const delivered = coverage.delivered;
  if (!delivered) return [];
  return [
    {
      label: 'Fault rows',
      value: fine(delivered.fault_share),
      note: `${fine(delivered.fault_share_planned)} of grid cells planned at fault rate ${delivered.fault_rate}`,
      title: 'Rows with a scheduled fault or a tool that answered with one.',
    },
    { label: 'Hard stances', value: formatShare(delivered.hard_share), note: `${formatShare(delivered.hard_share_requested)} asked` },
    {
      label: 'Turns a thread',
      value: delivered.mean_turns === null ? '—' : delivered.mean_turns.toFixed(1),
      note: delivered.avg_turns === null ? 'no target set' : `avg_turns ${delivered.avg_turns} asked`,
      title: 'User and agent turns per conversation.',
    },
    { label: '3+ user turns', value: formatShare(delivered.user_turns_3plus_share) },
    {
      label: 'Missed follow-ups',
      value: formatCount(delivered.missed_followups),
      title: "Conversations that ended on the agent's question with the person out of turns.",
    },
  ];
}

function graderRows(search: SimulationSummary['search']): Figure[] {
  const { grader, mutation_aims: aims } = search;
  const aimed = [
    { label: 'Mutations of graded failures', value: formatCount(aims.graded_failure) },
    { label: 'Mutations of world faults', value: formatCount(aims.world_fault) },
  ];
  if (!grader) return [{ label: 'In-loop reward', value: 'conduct checks' }, ...aimed];
  return [
    { label: 'Grader', value: <code>{judgeKey(grader.judge_name, grader.version)}</code> },
    { label: 'Graded in the loop', value: formatCount(grader.rows) },
    { label: 'Graded failures', value: ofTotal(grader.failures, grader.rows), title: 'A reward under 0.5, or a failed criterion.' },
    { label: 'Unjudged', value: formatCount(grader.unjudged), title: 'The grader erred or timed out: no reward, which is not a 0.' },
    ...aimed,
  ];
}

/** How the loop spent the run: what each writer wrote, what the run delivered of what it was asked, and its grader. */
export function LoopFigures({ summary }: { summary: SimulationSummary }) {
  const delivered = deliveredRows(summary.coverage);
  return (
    <>
      <Figures title="Writers" note="Share of the rows each writer wrote, beside the bandit's weight." rows={writerRows(summary.search)} />
      {delivered.length > 0 && <Figures title="Delivered" note="What the run delivered of what its settings asked." rows={delivered} />}
      <Figures title="Grading in the loop" rows={graderRows(summary.search)} />
    </>
  );
}
