import { isFailure } from '../../shared/domain';
import type { FailureMapOptions, MapTrace, VersionCount, VersionSummary } from './failure-map';

export const hasFailed = (trace: MapTrace) => isFailure(trace.reward);

/** Traces, graded traces and failures among them. */
export function countTraces(traces: readonly MapTrace[]): VersionCount {
  return {
    traces: traces.length,
    graded: traces.filter((trace) => trace.reward !== null).length,
    failures: traces.filter(hasFailed).length,
  };
}

/** Each model version's counts, in the order versions were first seen (traces naming none last). */
export function versionsOf(traces: readonly MapTrace[]): VersionSummary[] {
  const groups = new Map<string | null, { traces: MapTrace[]; first: number | null; order: number }>();
  traces.forEach((trace, order) => {
    const group = groups.get(trace.model_version) ?? { traces: [], first: null, order };
    group.traces.push(trace);
    if (trace.started_at_ms !== null && (group.first === null || trace.started_at_ms < group.first)) group.first = trace.started_at_ms;
    groups.set(trace.model_version, group);
  });
  return [...groups.entries()]
    .sort(([versionA, a], [versionB, b]) => {
      if ((versionA === null) !== (versionB === null)) return versionA === null ? 1 : -1;
      if (a.first !== null && b.first !== null && a.first !== b.first) return a.first - b.first;
      if ((a.first === null) !== (b.first === null)) return a.first === null ? 1 : -1;
      return a.order - b.order;
    })
    .map(([version, group]) => ({ version, first_seen_ms: group.first, ...countTraces(group.traces) }));
}

/** The before and after versions: the chosen pair when both are in the traces, else the two seen last. */
export function comparedVersions(
  named: readonly VersionSummary[],
  options: FailureMapOptions,
  warnings: string[],
): { previous: string | null; current: string | null; chosen: boolean } {
  const names = named.map((version) => version.version!);
  const fallback = { current: names.at(-1) ?? null, previous: names.length >= 2 ? names.at(-2)! : null, chosen: false };
  const { before_version: before, after_version: after } = options;
  if (!before || !after) {
    if (names.length > 2) {
      warnings.push(
        `The traces name ${names.length} model versions; ${fallback.previous} → ${fallback.current} (the ` +
          `two seen last) are compared. Choose the before and after versions to compare another pair.`,
      );
    }
    return fallback;
  }
  const missing = [before, after].filter((version) => !names.includes(version));
  if (missing.length > 0 || before === after) {
    const why =
      before === after
        ? 'they are the same version'
        : `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not in these traces`;
    const instead =
      fallback.previous === null
        ? 'nothing is compared'
        : `${fallback.previous} → ${fallback.current} (the two seen last) are compared instead`;
    warnings.push(`The versions chosen to compare (${before} → ${after}) cannot be compared: ${why}; ${instead}.`);
    return fallback;
  }
  return { previous: before, current: after, chosen: true };
}
