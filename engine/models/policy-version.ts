import { shortHash } from '../seeded';

/** SDK `policy_version`: `<model>@<sha16 of the system prompt>`, so a prompt edit is a new policy. */
export function policyVersion(model: string, systemPrompt: string): string {
  return `${model}@${shortHash(systemPrompt, 16)}`;
}
