import { z } from 'zod';

export const AppMode = z.enum(['desktop', 'browser', 'cli']);
export type AppMode = z.infer<typeof AppMode>;

export const AppInfo = z.object({
  mode: AppMode,
  version: z.string(),
  /** The folder holding the run store; set by WHILE_STUDIO_DATA_DIR or the default per platform. */
  data_dir: z.string(),
  database_path: z.string(),
  schema_version: z.number().int(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appMethods = {
  'app.info': { input: z.object({}).strict(), output: AppInfo },
} as const;
