import { describe, expect, it } from 'vitest';
import { chosenText, chosenTexts } from './chosen-file';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from([...text].map((character) => character.charCodeAt(0)));

describe('a picked file', () => {
  it('reads UTF-8, with or without a byte-order mark, as its text', () => {
    expect(chosenText({ name: 'gold.csv', bytes: utf8('row_id,label\nrun_a:0,pass,Zoë\n') })).toEqual({
      ok: true,
      name: 'gold.csv',
      text: 'row_id,label\nrun_a:0,pass,Zoë\n',
    });
    expect(chosenText({ name: 'gold.csv', bytes: Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('a')]) })).toMatchObject({
      ok: true,
      text: 'a',
    });
  });

  it('refuses Latin-1 naming the file, the line and the byte, in the words the command line uses', () => {
    expect(chosenText({ name: 'gold.csv', bytes: latin1('row_id,label,note\nrun_a:0,pass,"caf\u00e9"\n') })).toEqual({
      ok: false,
      error: {
        message: 'gold.csv line 2: not UTF-8 (byte 0xE9 at column 18); save the file as UTF-8.',
        issues: [{ path: 'gold.csv line 2', message: 'not UTF-8 (byte 0xE9 at column 18)' }],
      },
    });
  });

  it('says UTF-16 is UTF-16, and gathers every refused file of a batch', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]);
    const read = chosenTexts([
      { name: 'a.jsonl', bytes: utf8('{}') },
      { name: 'b.jsonl', bytes: utf16 },
      { name: 'c.jsonl', bytes: latin1('\u00e9!') },
    ]);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.message).toBe(
      'Nothing was imported: 2 files are not UTF-8. b.jsonl is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8: save the ' +
        'file as UTF-8. c.jsonl line 1: not UTF-8 (byte 0xE9 at column 1); save the file as UTF-8.',
    );
    expect(read.error.issues).toEqual([{ path: 'c.jsonl line 1', message: 'not UTF-8 (byte 0xE9 at column 1)' }]);
  });
});
