import { initial } from './001-initial';
import { rowSearch } from './002-row-search';
import { grading } from './003-grading';
import { coverageIndex } from './004-coverage-index';
import type { Migration } from './migration';
import { traces } from './005-traces';
import { gradesDoubtful } from './006-grades-doubtful';
import { queueOrder } from './007-queue-order';
import { exportSelection } from './008-export-selection';
import { runLeases } from './009-run-leases';
import { changeCounts } from './010-change-counts';
import { traceIdentity } from './011-trace-identity';
import { exportLines } from './012-export-lines';
import { shownVerdicts } from './013-shown-verdicts';
import { labellingTrust } from './014-labelling-trust';
import { facetCounts } from './015-facet-counts';
import { trlLines } from './016-trl-lines';
import { coverageCounts } from './017-coverage-counts';
import { pairFacts } from './019-pair-facts';

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
  // Branch h-l25s's migration 018 takes this place when the branches merge (an empty step keeps the versions consecutive).
  { version: 18, name: 'reserved', sql: '' },
  pairFacts,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
