/** The world-state axis values the world acts on; anything else (`unknown`, `unspecified`, custom text) is `unknown`. */
export type WorldStateKind = 'exists' | 'missing' | 'already_done' | 'duplicate' | 'partial' | 'unknown';

export function worldStateKind(worldState: string): WorldStateKind {
  const text = worldState.trim().toLowerCase();
  if (text === 'entity exists' || text === 'exists') return 'exists';
  if (text === 'entity missing' || text === 'missing') return 'missing';
  if (text === 'entity already acted on' || text === 'already_done' || text === 'already acted on') return 'already_done';
  if (text === 'duplicate entity' || text === 'duplicate') return 'duplicate';
  if (text === 'partially completed' || text === 'partial') return 'partial';
  return 'unknown';
}
