import { AXES, type Axis } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { SIMULATOR_ERROR_ROWS } from '../grades/grades-repository';

export interface GradedTask {
  task_id: string;
  category: string;
  /** The row's latest grade; null when ungraded or when the judge produced no reward. */
  reward: number | null;
  /** 1 when a person marks the row simulator_error: not a result of the agent's, so never compared. */
  simulator_error: number;
}

/**
 * A run's rows as held-out tasks: task = scenario_id (the SDK's task_key), category = the row's value on `axis`, and
 * the reward of its latest grade (index grades_row serves the MAX(id) lookup).
 */
export function gradedTasks(db: Db, runId: string, axis: Axis): GradedTask[] {
  if (!AXES.includes(axis)) throw new Error(`unknown axis ${axis}`);
  return statement<{ run_id: string }, GradedTask>(
    db,
    `SELECT r.scenario_id AS task_id, r.${axis} AS category, g.reward AS reward, r.id IN (${SIMULATOR_ERROR_ROWS}) AS simulator_error
     FROM rows r LEFT JOIN grades g ON g.id = (SELECT MAX(g2.id) FROM grades g2 WHERE g2.row_id = r.id)
     WHERE r.run_id = @run_id ORDER BY r.ordinal`,
  ).all({ run_id: runId });
}
