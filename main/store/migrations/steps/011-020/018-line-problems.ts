import type { Migration } from '../../migration';

/**
 * What the line check finds in a prepared line (engine/export/prepared-line.ts), in each format: the calls of tools the
 * run does not offer, as a JSON list of problems, which the export counts (and a validating one refuses) as it would
 * had it checked the line; NULL when the line is clean (every line made before this step: a row with such calls had
 * no line then, and `wai store optimize` makes it one). Adding columns rewrites nothing.
 */
export const lineProblems: Migration = {
  version: 18,
  name: 'line-problems',
  sql: `
    ALTER TABLE export_lines ADD COLUMN problems TEXT;
    ALTER TABLE export_lines ADD COLUMN trl_problems TEXT;
  `,
};
