import { z } from 'zod';

/** Long work other than simulation (grading, export, import) reports through these. */
export const JOB_KINDS = ['grade', 'export', 'push', 'import'] as const;
export const JobKind = z.enum(JOB_KINDS);

export const JOB_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);

export const JobProgress = z.object({
  job_id: z.string(),
  kind: JobKind,
  run_id: z.string().nullable(),
  /** Units done (rows graded, rows written...) and the total when known. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  /** Bytes written to disk so far, for jobs that write files (an export); absent otherwise. */
  bytes: z.number().int().nonnegative().optional(),
  status: JobStatus,
  /** A sentence for the person: what is happening, or why it stopped. */
  message: z.string().nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;
