import type { Migration } from '../../migration';

/**
 * agreement.get counts, per judge, the rows whose latest grade has no reward or is unsure, over the whole run. Those
 * grades are few, but finding them among a judge's latest grades read every grade's row from the table (about 0.1 s
 * at 100,000 rows, on every call the labeling queue makes). This partial index holds only such grades, with the
 * latest-grade key of `grades_latest` (003) and the two flags, so the count reads them alone and checks each is
 * still its row's latest with one seek in `grades_latest`. A query reaches it only by spelling the version as
 * `json_extract(provenance, '$.version')` and carrying the term `(reward IS NULL OR unsure = 1)`.
 */
export const gradesDoubtful: Migration = {
  version: 6,
  name: 'grades-doubtful',
  sql: `
    CREATE INDEX grades_doubtful ON grades(run_id, judge_name, json_extract(provenance, '$.version'), row_id, id, reward, unsure)
      WHERE reward IS NULL OR unsure = 1;
  `,
};
