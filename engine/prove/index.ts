export { compareRuns, type CompareRunsOptions, type RunComparison, type RunsVerdict, type TaskValue } from './compare-runs';
export * from './constants';
export { detectableEffect, holdoutSize, type DetectableEffectOptions, type HoldoutOptions, type HoldoutSize } from './holdout-size';
export { evalNoise, noiseBand, type EvalNoise, type NoiseBandOptions, type RunValue } from './noise-band';
export { formatProveReport, parseProveFile, type ProveFile, type ProveFileRecord } from './prove-file';
export { HEADLINES, type Headline } from '../../shared/domain/prove-headlines';
export { proveReport, type ProveLine, type ProveOptions, type ProveRecord, type ProveReport } from './prove-report';
export { normalQuantile, tQuantile } from './quantiles';
