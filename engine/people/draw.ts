import { sha256Hex } from '../seeded';

/**
 * The SDK's `_draw`: `int(sha256(f"{seed}:{round}:{key}:{salt}")[:16], 16)`, the full 64-bit value as a BigInt.
 * Sixteen hex digits exceed 2^53, so a Number would lose the low bits that `% 1000`, `// 7919` and friends read;
 * BigInt keeps every tag decision identical to the Python one.
 */
export function styleDraw(seed: number, round: number, key: string, salt: string): bigint {
  return BigInt(`0x${sha256Hex(`${seed}:${round}:${key}:${salt}`).slice(0, 16)}`);
}

/** `value % modulo` as a Number (both non-negative). */
export function drawMod(value: bigint, modulo: number): number {
  return Number(value % BigInt(modulo));
}

/** `(value // divisor) % modulo` as a Number: Python's floor division on non-negative integers. */
export function drawDivMod(value: bigint, divisor: number, modulo: number): number {
  return Number((value / BigInt(divisor)) % BigInt(modulo));
}

/** The SDK's `_unit`: `(draw % 10007) / 10007`, in [0, 1). */
export function styleUnit(seed: number, round: number, key: string, salt: string): number {
  return drawMod(styleDraw(seed, round, key, salt), 10007) / 10007;
}
