import { ID_MIN_DIGITS } from './rules';
import { isIdLike, isStateChanging, placeholderLeaves, referenceLeaves, type ArgumentLeaf } from './references';
import type { Step, ToolStep } from './steps';
import { concreteReferences } from './text-patterns';
import type { TextMatch } from './success-words';

/** A tool-call argument the person never gave and no earlier tool result supplied. */
export interface InventedReference {
  step: ToolStep;
  leaf: ArgumentLeaf;
  /** `tool(path=value)`, or `tool(path=placeholder)` for a schema echo. */
  label: string;
}

/**
 * Walks the steps in order, so only what the person said and what tools returned *before* a call grounds it.
 * A reference leaf is invented when its lowercased value is in neither, and the tool changes state or the value
 * is identifier-shaped; a schema-echo value is invented unless the person typed it.
 */
export function inventedReferences(steps: readonly Step[], prompt: string): InventedReference[] {
  let userText = prompt.toLowerCase();
  let priorResults = '';
  const invented: InventedReference[] = [];
  for (const step of steps) {
    if (step.kind === 'user') {
      userText += ` ${step.text.toLowerCase()}`;
      continue;
    }
    if (step.kind !== 'tool') continue;
    for (const leaf of referenceLeaves(step.arguments)) {
      const text = leaf.value.trim().toLowerCase();
      if (text === '' || userText.includes(text) || priorResults.includes(text)) continue;
      if (isStateChanging(step.tool) || isIdLike(leaf.value)) {
        invented.push({ step, leaf, label: `${step.tool}(${leaf.path}=${leaf.value})` });
      }
    }
    for (const leaf of placeholderLeaves(step.arguments)) {
      if (userText.includes(leaf.value.trim().toLowerCase())) continue;
      invented.push({ step, leaf, label: `${step.tool}(${leaf.path}=placeholder)` });
    }
    priorResults += ` ${(step.result_text ?? '').toLowerCase()}`;
  }
  return invented;
}

/** Everything a reply may quote an identifier from: the person's turns and every tool argument and result. */
export function groundedText(steps: readonly Step[], prompt: string): string {
  const parts = [prompt];
  for (const step of steps) {
    if (step.kind === 'user') parts.push(step.text);
    if (step.kind === 'tool') parts.push(JSON.stringify(step.arguments), step.result_text ?? '');
  }
  return parts.join(' ').toLowerCase();
}

const PREFIXED_ID = /^[a-z]{2,}[-_](.+)$/;

/**
 * A reply token is grounded when it appears as is, without its `#` (`#456789` = `456789`), without an upper-case
 * prefix (`TEAM-44556` ~ `44556`), or by the leading digits of that rest when there are at least three.
 */
export function isGrounded(token: string, grounded: string): boolean {
  const low = token.toLowerCase();
  if (grounded.includes(low)) return true;
  const stripped = low.replace(/^#+/, '');
  if (stripped !== '' && grounded.includes(stripped)) return true;
  const rest = PREFIXED_ID.exec(stripped)?.[1];
  if (rest === undefined) return false;
  if (grounded.includes(rest)) return true;
  const digits = /^\d+/.exec(rest)?.[0];
  return digits !== undefined && digits.length >= ID_MIN_DIGITS && grounded.includes(digits);
}

/** Identifiers in the reply that nothing in the conversation supplied, in reply order. */
export function inventedIdentifiers(finalText: string, grounded: string): TextMatch[] {
  return concreteReferences(finalText).filter((match) => !isGrounded(match.text, grounded));
}
