import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

// Every seeded decision hashes a short key, tens of times per rollout: one hasher and one digest buffer are
// reused (each call is synchronous, so no two calls share them at once), and the verdicts read the digest's
// leading bytes instead of its hex.
const pristine = sha256.create();
const hasher = sha256.create();
const digest = new Uint8Array(32);
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Fills `digest` with the SHA-256 of the text's UTF-8 bytes. */
function hashInto(text: string): Uint8Array {
  pristine._cloneInto(hasher);
  hasher.update(utf8ToBytes(text));
  hasher.digestInto(digest);
  return digest;
}

/** The first `hexDigits` hex digits of the digest as an integer (hexDigits <= 13, so it stays exact). */
function leadingValue(bytes: Uint8Array, hexDigits: number): number {
  let value = 0;
  for (let index = 0; index < hexDigits >> 1; index++) value = value * 256 + bytes[index]!;
  return hexDigits % 2 === 0 ? value : value * 16 + (bytes[hexDigits >> 1]! >> 4);
}

function hexOf(bytes: Uint8Array, length: number): string {
  let hex = '';
  for (let index = 0; index < (length + 1) >> 1; index++) hex += HEX[bytes[index]!];
  return hex.length === length ? hex : hex.slice(0, length);
}

/** Lowercase hex SHA-256 of the UTF-8 text: every seeded decision in the engine hangs off this. */
export function sha256Hex(text: string): string {
  return hexOf(hashInto(text), 64);
}

/** The first `length` hex characters of the text's SHA-256. */
export function shortHash(text: string, length = 16): string {
  return hexOf(hashInto(text), Math.max(0, Math.min(64, length)));
}

/**
 * A number strictly inside (0, 1) decided by the text alone: `(int(hex[:k], 16) + 1) / (16^k + 2)`,
 * the SDK's formula, so a verdict depends on its key and never on what ran before it. `hexDigits` <= 13.
 */
export function hashUnit(text: string, hexDigits = 8): number {
  return (leadingValue(hashInto(text), hexDigits) + 1) / (16 ** hexDigits + 2);
}

/** An integer in [0, modulo) decided by the text alone (the first 8 hex digits, modulo). */
export function hashInt(text: string, modulo: number): number {
  return leadingValue(hashInto(text), 8) % modulo;
}

/** Picks one item by the text's hash; undefined for an empty list. */
export function hashPick<T>(items: readonly T[], text: string): T | undefined {
  return items.length === 0 ? undefined : items[hashInt(text, items.length)];
}
