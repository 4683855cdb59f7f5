import type { FaultMode, FaultPlan } from '../../shared/domain';
import { sha256Hex, stableJson } from '../seeded';

/**
 * The fault scheduled for this call, if it fires: the plan for the tool, else for `*`; it fires when
 * `int(sha256(json({seed, tool, arguments, salt: "fault"}))[:8], 16) / 0xFFFFFFFF < rate`, so the same call in
 * the same world always gets the same verdict.
 */
export function scheduledFault(
  faults: Readonly<Record<string, FaultPlan>>,
  seed: number,
  tool: string,
  args: Readonly<Record<string, unknown>>,
): FaultMode | null {
  const plan = faults[tool] ?? faults['*'];
  if (plan === undefined || plan.rate <= 0) return null;
  if (plan.rate >= 1) return plan.mode;
  const digest = sha256Hex(stableJson({ seed, tool, arguments: args, salt: 'fault' }));
  return Number.parseInt(digest.slice(0, 8), 16) / 0xffffffff < plan.rate ? plan.mode : null;
}

/** What the agent sees when a fault fires (section 8 rule 2). `digest` is the call's 12-hex digest (stale data). */
export function faultResult(mode: FaultMode, digest: string): Record<string, unknown> & { status: string } {
  switch (mode) {
    case 'timeout':
      return { status: 'timeout', error: 'request timed out' };
    case 'malformed':
      return { status: 'ok', data: '<<garbled resp0nse' };
    case 'stale':
      return { status: 'ok', data: { result: digest }, stale: true, as_of: '3 days ago' };
    case 'permission_denied':
      return { status: 'permission_denied' };
    default: {
      const unreachable: never = mode;
      throw new Error(`unknown fault mode ${String(unreachable)}`);
    }
  }
}
