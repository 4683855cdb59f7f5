import { initial } from './steps/001-010/001-initial';
import { rowSearch } from './steps/001-010/002-row-search';
import { grading } from './steps/001-010/003-grading';
import { coverageIndex } from './steps/001-010/004-coverage-index';
import type { Migration } from './migration';
import { traces } from './steps/001-010/005-traces';
import { gradesDoubtful } from './steps/001-010/006-grades-doubtful';
import { queueOrder } from './steps/001-010/007-queue-order';
import { exportSelection } from './steps/001-010/008-export-selection';
import { runLeases } from './steps/001-010/009-run-leases';
import { changeCounts } from './steps/001-010/010-change-counts';
import { traceIdentity } from './steps/011-020/011-trace-identity';
import { exportLines } from './steps/011-020/012-export-lines';
import { shownVerdicts } from './steps/011-020/013-shown-verdicts';
import { labellingTrust } from './steps/011-020/014-labelling-trust';
import { facetCounts } from './steps/011-020/015-facet-counts';
import { trlLines } from './steps/011-020/016-trl-lines';
import { coverageCounts } from './steps/011-020/017-coverage-counts';
import { lineProblems } from './steps/011-020/018-line-problems';
import { pairFacts } from './steps/011-020/019-pair-facts';
import { trlLineTable } from './steps/011-020/020-trl-line-table';
import { labelledRows } from './steps/021-030/021-labelled-rows';
import { verdictCounts } from './steps/021-030/022-verdict-counts';
import { tagCounts } from './steps/021-030/023-tag-counts';
import { latestGradeLabel } from './steps/021-030/024-latest-grade-label';

export const MIGRATIONS: readonly Migration[] = [
  initial,
  rowSearch,
  grading,
  coverageIndex,
  traces,
  gradesDoubtful,
  queueOrder,
  exportSelection,
  runLeases,
  changeCounts,
  traceIdentity,
  exportLines,
  shownVerdicts,
  labellingTrust,
  facetCounts,
  trlLines,
  coverageCounts,
  lineProblems,
  pairFacts,
  trlLineTable,
  labelledRows,
  verdictCounts,
  tagCounts,
  latestGradeLabel,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
