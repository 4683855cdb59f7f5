import { hashPick } from '../../seeded';
import type { DomainBank } from '../banks';
import { draftIds } from './draft-ids';
import type { DraftPieces } from './generic-spec';

/** A bank's agent, rules and tools with identifiers drafted for this seed. */
export function bankPieces(bank: DomainBank, seed: number): DraftPieces {
  const ids = draftIds(seed, bank.domain, bank.entities);
  return {
    name: bank.title,
    domain: bank.domain,
    agent_name: hashPick(bank.agent_names, `${seed}:${bank.domain}:agent-name`) ?? bank.agent_names[0] ?? 'Atlas',
    role: bank.role,
    confirm_object: bank.confirm_object,
    rules: [...bank.rules],
    tools: bank.tools(ids),
    known_ids: bank.entities.flatMap((entity) => ids.all(entity.key)),
  };
}
