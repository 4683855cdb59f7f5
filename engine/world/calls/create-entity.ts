import { recordFamily, STATUS_POOLS } from '../payloads/record-fields';
import { timestampIn, withFaker } from '../seeded-faker';
import { toolNoun } from '../tool-names';
import type { ToolCall, WorldParts, WorldResult } from './tool-call';

/** Section 8 rule 9: echoes the call, issues an id, and remembers the new entity and every id it mentions. */
export function createEntity(world: WorldParts, { tool, args, references, callHash, digest }: ToolCall): WorldResult {
  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined && value !== ''));
  const noun = toolNoun(tool);
  const issuedId = `${noun}_${callHash % 100000}`;
  const id = typeof given.number === 'string' || typeof given.number === 'number' ? String(given.number) : String(given.id ?? issuedId);
  const context = world.catalog.forNoun(noun);
  const created = withFaker(`created:${world.seed}:${id}`, timestampIn);
  world.memory.remember(id, { [context.idKey]: id, ...given, status: STATUS_POOLS[recordFamily(noun)][0], created_at: created });
  for (const reference of references) world.memory.remember(reference.value);
  if (Object.keys(given).length === 0) return { status: 'created', id, ok: true };
  return { status: 'created', ...given, id: given.id ?? id, ref: digest.slice(0, 8) };
}
