const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/** The UTF-8 bytes of `text`, encoded by hand so engine code needs neither DOM nor Node types. */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000) {
      bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    } else {
      bytes.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 0x3f), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    }
  }
  return bytes;
}

/** 32-bit FNV-1a of the UTF-8 bytes of `text`, as an unsigned integer. Stable across runs and platforms. */
export function fnv1a32(text: string): number {
  let hash = OFFSET_BASIS;
  for (const byte of utf8Bytes(text)) {
    hash ^= byte;
    hash = Math.imul(hash, PRIME);
  }
  return hash >>> 0;
}

/**
 * Which of two halves a task falls in: the top bit of its FNV-1a hash.
 * The top bit, because FNV-1a's low bit is only the parity of the bytes' low bits.
 */
export function halfOf(taskId: string): 0 | 1 {
  return fnv1a32(taskId) >>> 31 === 1 ? 1 : 0;
}
