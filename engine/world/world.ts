import type { FaultMode } from '../../shared/domain';

/** The world's answer to one call: a JSON object with a `status`, shaped like the tool's own records. */
export interface WorldAnswer {
  result: Record<string, unknown> & { status: string };
  /** The scheduled fault that produced this answer, or null when the world answered normally. */
  fault: FaultMode | null;
}

/**
 * The simulated backend one rollout talks to: deterministic for its seed, it remembers what it created,
 * says "not found" to unknown identifiers, refuses placeholder arguments with a hint, and fires scheduled faults.
 */
export interface World {
  call(tool: string, args: Readonly<Record<string, unknown>>): WorldAnswer;
}
