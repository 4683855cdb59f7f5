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
  /**
   * Set when `wai store optimize` would make the store faster (made before 8 KiB pages, or a tenth of it free; or rows
   * without prepared export lines): its page size in bytes and its share of free pages. Null or absent when there is
   * nothing to gain.
   */
  store_optimize: z
    .object({
      page_bytes: z.number().int().positive(),
      free_share: z.number().min(0).max(1),
      /** Whether it would rewrite the pages; false when only rows without prepared lines call for it. Absent: true. */
      rewrites_pages: z.boolean().optional(),
      /**
       * The rows it would give prepared export lines (SFT and TRL exports build a row without one from its whole
       * conversation), when at least 1% of the store's rows lack one; `is_estimate` when counted from a sample.
       */
      unprepared_rows: z.object({ count: z.number().int().positive(), is_estimate: z.boolean() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ChooseFolderInput = z
  .object({
    /** The dialog's title, e.g. "Export to folder". */
    title: z.string().trim().min(1).max(200).optional(),
    /** Where the dialog opens. */
    default_path: z.string().min(1).max(4096).optional(),
  })
  .strict();

export const appMethods = {
  'app.info': { input: z.object({}).strict(), output: AppInfo },
  /**
   * The desktop's folder picker; `path` is null when the person closed it. Browser mode has no picker: it answers
   * VALIDATION_FAILED, saying to type the path.
   */
  'app.chooseFolder': { input: ChooseFolderInput, output: z.object({ path: z.string().nullable() }) },
} as const;
