import type { Issue } from '../../shared/api';
import { utf8Problem } from '../../shared/text/utf8-problem';

/** A file the person picked, as bytes: its text is read by `chosenText`, which refuses anything but UTF-8. */
export interface ChosenFile {
  name: string;
  bytes: Uint8Array;
}

export type ChosenText = { ok: true; name: string; text: string } | { ok: false; error: { message: string; issues: Issue[] } };

export async function readChosenFile(file: File): Promise<ChosenFile> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * The file's text (a leading UTF-8 byte-order mark dropped), or why it is not UTF-8 naming the file and the first
 * bad line, as the command line says it: a Latin-1 or UTF-16 file never reaches the app with U+FFFD in its letters.
 */
export function chosenText(file: ChosenFile): ChosenText {
  let text: string | null = null;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    // Not UTF-8: utf8Problem finds the first bad byte.
  }
  const problem = utf8Problem(file.bytes, file.name, text !== null);
  if (problem === null) return { ok: true, name: file.name, text: text ?? '' };
  const issues =
    problem.line === undefined ? [] : [{ path: `${file.name} line ${problem.line}`, message: problem.detail ?? problem.message }];
  return { ok: false, error: { message: problem.message, issues } };
}

/** Every file's text, or the problems of all the files that are not UTF-8 in one error. */
export function chosenTexts(
  files: readonly ChosenFile[],
): { ok: true; files: { name: string; text: string }[] } | { ok: false; error: { message: string; issues: Issue[] } } {
  const read = files.map(chosenText);
  const refused = read.flatMap((entry) => (entry.ok ? [] : [entry.error]));
  if (refused.length === 0) return { ok: true, files: read.flatMap((entry) => (entry.ok ? [{ name: entry.name, text: entry.text }] : [])) };
  const message =
    refused.length === 1
      ? refused[0]!.message
      : `Nothing was imported: ${refused.length} files are not UTF-8. ${refused.map((error) => error.message).join(' ')}`;
  return { ok: false, error: { message, issues: refused.flatMap((error) => error.issues) } };
}
