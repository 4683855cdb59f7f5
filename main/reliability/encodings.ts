import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EncodedFile {
  /** How the text was saved: `utf-16le`, `latin-1`, ... */
  encoding: string;
  path: string;
  bytes: Buffer;
}

/** The text as a file saved by another program: UTF-16 (both byte orders, with a mark), latin-1, UTF-8 with a mark, stray bytes. */
export function encodings(text: string): { encoding: string; bytes: Buffer }[] {
  const utf16be = Buffer.from(`\uFEFF${text}`, 'utf16le');
  utf16be.swap16();
  const utf8 = Buffer.from(text, 'utf8');
  const middle = Math.floor(utf8.length / 2);
  return [
    { encoding: 'utf-8', bytes: utf8 },
    { encoding: 'utf-8-bom', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]) },
    { encoding: 'utf-16le', bytes: Buffer.from(`\uFEFF${text}`, 'utf16le') },
    { encoding: 'utf-16be', bytes: utf16be },
    { encoding: 'latin-1', bytes: Buffer.from(text.replace(/[\u0100-\uffff]/g, '?'), 'latin1') },
    {
      encoding: 'invalid-utf-8',
      bytes: Buffer.concat([utf8.subarray(0, middle), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80]), utf8.subarray(middle)]),
    },
    { encoding: 'cut-mid-character', bytes: Buffer.concat([utf8, Buffer.from('é', 'utf8').subarray(0, 1)]) },
    { encoding: 'empty', bytes: Buffer.alloc(0) },
  ];
}

/** Writes `text` in every encoding as `<stem>.<encoding>.jsonl` under `folder`. */
export function encodedFiles(folder: string, stem: string, text: string): EncodedFile[] {
  return encodings(text).map(({ encoding, bytes }) => {
    const path = join(folder, `${stem}.${encoding}.jsonl`);
    writeFileSync(path, bytes);
    return { encoding, path, bytes };
  });
}

/** What `readFile(path, 'utf8')` gives for these bytes. */
export const readAsUtf8 = (bytes: Buffer): string => bytes.toString('utf8');
