import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultTrainingWorkerUrl } from '../../../engine/node/index';

/**
 * SFT splits of at least `parallel_min_rows` rows read whole are exported on worker threads (each reads its own rows
 * from the store) when the machine has at least `parallel_min_cores` cores and a bundled export worker is there (the
 * desktop app's, main/electron/build.ts). On 2 cores two bundled workers exported 100,000 stored rows 21% faster than
 * this thread (3.3 s against 4.1 s), peaking at 264 MB against 152 MB. From source each worker first compiles its
 * modules through tsx (about a second of CPU), so there it takes `source_min_cores`. A split read as prepared lines
 * stays on this thread: joining them costs less than handing pages between threads (100,000 stored rows took 1.5-1.6 s
 * here at 140 MB, against 3.7 s on two workers at 380 MB; a thread reading pages for this one spent more copying them
 * across than the reading it took off this thread). Tests lower them. `worker_bundle`: a bundled export worker
 * to start instead (the store bench's own). `prepared_lines` off reads every row whole (the store bench compares).
 * `page_rows` and `pages_ahead`: the workers' pages (rows per page, pages a worker may run ahead of the writer). Pages of
 * 128 rows, 2 ahead, peaked at 282-286 MB on 100,000 stored rows read whole (SFT), against 300-324 MB with the engine's
 * 256 and 4, at no more CPU (4.5-4.9 s against 4.7-5.9 s, back to back): fewer rows in flight, and young pages.
 */
export const exportTuning: {
  parallel_min_rows: number;
  parallel_min_cores: number;
  source_min_cores: number;
  worker_bundle?: string;
  prepared_lines: boolean;
  page_rows: number;
  pages_ahead: number;
} = {
  parallel_min_rows: 4000,
  parallel_min_cores: 2,
  source_min_cores: 3,
  prepared_lines: true,
  page_rows: 128,
  pages_ahead: 2,
};

/**
 * Where the export's worker threads start: the desktop bundle's export worker beside its main file (see
 * main/electron/build.ts), else, on enough cores, from source through tsx, which loads the page source by its URL;
 * null when neither is there (the export then runs on this thread).
 */
export function exportWorker(cores: number): { workerUrl: string | URL; module: string } | null {
  if (cores < exportTuning.parallel_min_cores) return null;
  if (exportTuning.worker_bundle) return { workerUrl: exportTuning.worker_bundle, module: 'bundled' };
  if (typeof __dirname === 'string') {
    const bundled = join(__dirname, 'export-worker.cjs');
    if (existsSync(bundled)) return { workerUrl: bundled, module: 'bundled' };
  }
  const url = import.meta.url as string | undefined;
  if (!url || cores < exportTuning.source_min_cores) return null;
  const source = new URL('./export-page-source.ts', url);
  const boot = defaultTrainingWorkerUrl();
  return existsSync(source) && existsSync(boot) ? { workerUrl: boot, module: source.href } : null;
}
