import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { iterateRows } from '../../store/rows/rows-repository';
import { specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { requireRun } from './runs-service';

/** Writes a run's rows as JSONL in plan order, each with the run's system prompt and tool schemas. */
export async function writeRowsFile(context: AppContext, runId: string, path: string): Promise<number> {
  const run = requireRun(context, runId);
  const spec = specOfRun(context.db, run);
  const out = createWriteStream(path);
  let count = 0;
  for (const row of iterateRows(context.db, runId)) {
    const { privileged: _privileged, ...exported } = row;
    if (!out.write(`${JSON.stringify({ ...exported, system_prompt: spec?.system_prompt ?? '', tools: spec?.tools ?? [] })}\n`))
      await once(out, 'drain');
    count++;
  }
  out.end();
  await once(out, 'finish');
  return count;
}
