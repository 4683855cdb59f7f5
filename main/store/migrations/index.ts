import { initial } from './steps/001-initial';
import { rowSearch } from './steps/002-row-search';
import { grading } from './steps/003-grading';
import { coverageIndex } from './steps/004-coverage-index';
import type { Migration } from './migration';
import { traces } from './steps/005-traces';
import { gradesDoubtful } from './steps/006-grades-doubtful';
import { queueOrder } from './steps/007-queue-order';
import { exportSelection } from './steps/008-export-selection';
import { runLeases } from './steps/009-run-leases';
import { changeCounts } from './steps/010-change-counts';
import { traceIdentity } from './steps/011-trace-identity';
import { exportLines } from './steps/012-export-lines';
import { shownVerdicts } from './steps/013-shown-verdicts';
import { labellingTrust } from './steps/014-labelling-trust';
import { facetCounts } from './steps/015-facet-counts';
import { trlLines } from './steps/016-trl-lines';
import { coverageCounts } from './steps/017-coverage-counts';
import { lineProblems } from './steps/018-line-problems';
import { pairFacts } from './steps/019-pair-facts';
import { trlLineTable } from './steps/020-trl-line-table';

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
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
