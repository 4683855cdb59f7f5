import { constants } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { utf8Problem } from '../../../shared/text/utf8-problem';
import { ServiceError } from './service-error';

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/**
 * A text file's bytes as text, refusing anything but UTF-8 (a leading UTF-8 byte-order mark is dropped). `name`
 * is how messages name the file. Throws a VALIDATION_FAILED ServiceError naming the file, and for bytes that are
 * not UTF-8 the first bad one's line and column, so nothing half-decoded (U+FFFD in place of a letter) is stored.
 */
export function decodeUtf8(bytes: Uint8Array, name: string): string {
  if (bytes.length > constants.MAX_STRING_LENGTH) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${name} is ${megabytes(bytes.length)}, more than one text can hold here (${megabytes(constants.MAX_STRING_LENGTH)}): split it ` +
        `into smaller files.`,
    );
  }
  let text: string | null = null;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: utf8Problem finds the first bad byte.
  }
  const problem = utf8Problem(bytes, name, text !== null);
  if (problem !== null) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      problem.message,
      problem.line === undefined ? undefined : [{ path: `line ${problem.line}`, message: problem.detail ?? problem.message }],
    );
  }
  return text ?? '';
}

/**
 * Reads a file an importer was given as UTF-8 text (see `decodeUtf8`); `name` (default the path) names it in
 * messages. A file that cannot be read is a VALIDATION_FAILED ServiceError naming it too.
 */
export async function readTextFile(path: string, name: string = path): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new ServiceError('VALIDATION_FAILED', `Cannot read ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return decodeUtf8(bytes, name);
}
