import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { iterateRowsWithGrades } from '../../store/rows/rows-repository';
import { specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { requireRun } from './runs-service';

/**
 * Writes a run's rows as JSONL in plan order, each with the run's system prompt and tool schemas and, once graded, its
 * latest grade under the SDK's row keys (`reward`, `reason`, `judge_name`, `judge_status`, `judge_meta`, `label_source`,
 * `failure_class`).
 */
export async function writeRowsFile(context: AppContext, runId: string, path: string): Promise<number> {
  const run = requireRun(context, runId);
  const spec = specOfRun(context.db, run);
  const out = createWriteStream(path);
  let count = 0;
  for (const { row, grade } of iterateRowsWithGrades(context.db, runId)) {
    const { privileged: _privileged, ...exported } = row;
    const graded = grade && {
      reward: grade.reward,
      reason: grade.reason,
      judge_name: grade.judge_name,
      judge_status: grade.judge_status,
      judge_meta: grade.judge_meta,
      label_source: grade.label_source,
      failure_class: grade.failure_class,
    };
    const line = { ...exported, system_prompt: spec?.system_prompt ?? '', tools: spec?.tools ?? [], ...graded };
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
    count++;
  }
  out.end();
  await once(out, 'finish');
  return count;
}
