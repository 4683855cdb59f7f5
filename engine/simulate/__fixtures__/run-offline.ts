import type { Grade, Row } from '../../../shared/domain';
import { offlineComponents } from '../offline-components';
import { simulate } from '../simulate';
import type { SimulateOptions } from '../simulate-options';
import type { SimulationOutcome } from '../simulation-outcome';

/** A whole offline run: its rows in plan order, the grades its grader made (by ordinal), and its summary. */
export interface OfflineRun {
  rows: Row[];
  grades: Map<number, Grade>;
  summary: SimulationOutcome;
}

/** `simulate` with the offline components on `spec`, at concurrency 8 unless told, run to its end. */
export async function runOffline(
  options: Partial<SimulateOptions> & Pick<SimulateOptions, 'spec' | 'seed' | 'budget'>,
): Promise<OfflineRun> {
  const rows: Row[] = [];
  const grades = new Map<number, Grade>();
  const events = simulate({ ...offlineComponents(options.spec, { seed: options.seed }), concurrency: 8, ...options });
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, grades, summary: next.value };
    if (next.value.type !== 'row') continue;
    rows.push(next.value.row);
    if (next.value.grade) grades.set(next.value.row.ordinal, next.value.grade);
  }
}
