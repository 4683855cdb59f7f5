import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Lowercase hex SHA-256 of the UTF-8 text: every seeded decision in the engine hangs off this. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The first `length` hex characters of the text's SHA-256. */
export function shortHash(text: string, length = 16): string {
  return sha256Hex(text).slice(0, length);
}

/**
 * A number strictly inside (0, 1) decided by the text alone: `(int(hex[:k], 16) + 1) / (16^k + 2)`,
 * the SDK's formula, so a verdict depends on its key and never on what ran before it.
 */
export function hashUnit(text: string, hexDigits = 8): number {
  const prefix = sha256Hex(text).slice(0, hexDigits);
  return (Number.parseInt(prefix, 16) + 1) / (16 ** hexDigits + 2);
}

/** An integer in [0, modulo) decided by the text alone (the first 8 hex digits, modulo). */
export function hashInt(text: string, modulo: number): number {
  return Number.parseInt(sha256Hex(text).slice(0, 8), 16) % modulo;
}

/** Picks one item by the text's hash; undefined for an empty list. */
export function hashPick<T>(items: readonly T[], text: string): T | undefined {
  return items.length === 0 ? undefined : items[hashInt(text, items.length)];
}
