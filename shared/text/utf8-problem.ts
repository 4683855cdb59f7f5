// Why a file's bytes are not UTF-8 text, in words a user can act on. Pure (no Node, no DOM): main's importers and
// the renderer's file pickers both use it, so a Latin-1 or UTF-16 file is refused the same way wherever it is read.

const SAVE_AS_UTF8 = 'save the file as UTF-8';
/** How many leading bytes the UTF-16-without-a-mark guess looks at. */
const SNIFF_BYTES = 512;

/** Where a byte sequence first stops being UTF-8: 1-based line and column (in characters), and the byte. */
export interface Utf8Fault {
  line: number;
  column: number;
  byte: number;
  /** True when the file ends inside a character. */
  isCutShort: boolean;
}

const isContinuation = (byte: number | undefined) => byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/**
 * The first byte that breaks UTF-8 (WHATWG rules: no overlong forms, no surrogates, nothing past U+10FFFF), or
 * null when every byte is well formed. Lines end at LF, CRLF or a lone CR, as an editor shows them.
 */
export function findUtf8Fault(bytes: Uint8Array): Utf8Fault | null {
  let line = 1;
  let lineStart = 0;
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index]!;
    if (byte < 0x80) {
      if (byte === 0x0a || (byte === 0x0d && bytes[index + 1] !== 0x0a)) {
        line += 1;
        lineStart = index + 1;
      }
      index += 1;
      continue;
    }
    let length = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (byte >= 0xc2 && byte <= 0xdf) length = 1;
    else if (byte >= 0xe0 && byte <= 0xef) {
      length = 2;
      if (byte === 0xe0) lower = 0xa0;
      if (byte === 0xed) upper = 0x9f;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      length = 3;
      if (byte === 0xf0) lower = 0x90;
      if (byte === 0xf4) upper = 0x8f;
    }
    let isValid = length > 0;
    for (let offset = 1; isValid && offset <= length; offset += 1) {
      const next = bytes[index + offset];
      if (next === undefined || next < lower || next > upper) isValid = false;
      lower = 0x80;
      upper = 0xbf;
    }
    if (!isValid) {
      let column = 1;
      for (let at = lineStart; at < index; at += 1) if (!isContinuation(bytes[at])) column += 1;
      const rest = bytes.subarray(index + 1);
      return { line, column, byte, isCutShort: length > 0 && rest.length < length && rest.every((next) => isContinuation(next)) };
    }
    index += length + 1;
  }
  return null;
}

/** `utf-16le`/`utf-16be` when the bytes start with that byte-order mark (or a UTF-32 one), else null. */
function utf16Mark(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes[2] === 0 && bytes[3] === 0 ? 'UTF-32' : 'UTF-16';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'UTF-32';
  return null;
}

/** UTF-16 saved without a mark is valid UTF-8 (ASCII plus NULs): tell it by every other byte being 0. */
function looksLikeMarklessUtf16(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 4) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  return Math.max(evenZeros, oddZeros) >= pairs * 0.4 && Math.min(evenZeros, oddZeros) <= pairs * 0.1;
}

/** A file that is not UTF-8: the sentence to show, and the first bad line when there is one. */
export interface Utf8Problem {
  message: string;
  line?: number;
  /** The bad byte and column, e.g. "not UTF-8 (byte 0xE9 at column 22)". */
  detail?: string;
}

/**
 * Why `bytes` (named `name` in the message) are not a UTF-8 text file, or null when they are. A leading UTF-8
 * byte-order mark is fine. `isWellFormed` is the caller's fast check (a fatal TextDecoder) when it has one: it
 * skips the byte scan for a file that decodes.
 */
export function utf8Problem(bytes: Uint8Array, name: string, isWellFormed?: boolean): Utf8Problem | null {
  const marked = utf16Mark(bytes);
  if (marked !== null) return { message: `${name} is ${marked} (it starts with a ${marked} byte-order mark), not UTF-8: ${SAVE_AS_UTF8}.` };
  const fault = isWellFormed === true ? null : findUtf8Fault(bytes);
  if (fault !== null) {
    const byte = `0x${fault.byte.toString(16).toUpperCase().padStart(2, '0')}`;
    const cutShort = fault.isCutShort ? ', a character cut short at the end of the file' : '';
    const detail = `not UTF-8 (byte ${byte} at column ${fault.column}${cutShort})`;
    return { message: `${name} line ${fault.line}: ${detail}; ${SAVE_AS_UTF8}.`, line: fault.line, detail };
  }
  if (looksLikeMarklessUtf16(bytes))
    return { message: `${name} looks like UTF-16 saved without a byte-order mark (every other byte is 0), not UTF-8: ${SAVE_AS_UTF8}.` };
  return null;
}
