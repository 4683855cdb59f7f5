import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceError } from './service-error';
import { findUtf8Fault } from '../../../shared/text/utf8-problem';
import { decodeUtf8, readTextFile } from './text-file';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ServiceError.isInstance(error)).toBe(true);
    expect((error as ServiceError).code).toBe('VALIDATION_FAILED');
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

const lines = (...texts: string[]) => texts.join('\n');

describe('decodeUtf8', () => {
  it('reads UTF-8, and UTF-8 with a byte-order mark as the same text', () => {
    const text = lines('row_id,label,author,note', 'run_a:0,pass,Zoë,"café, checked"', 'run_a:1,fail,李雷,🙂');
    expect(decodeUtf8(Buffer.from(text), 'labels.csv')).toBe(text);
    expect(decodeUtf8(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'labels.csv')).toBe(text);
    expect(decodeUtf8(Buffer.alloc(0), 'empty.jsonl')).toBe('');
  });

  it('refuses Latin-1 naming the file, the line and the byte, as a spreadsheet user can act on', () => {
    const text = lines('row_id,label,author,note', 'run_a:0,pass,ana,ok', 'run_a:1,fail,ana,"caf\u00e9, checked"');
    expect(refusal(() => decodeUtf8(Buffer.from(text, 'latin1'), 'labels.csv'))).toBe(
      'labels.csv line 3: not UTF-8 (byte 0xE9 at column 22); save the file as UTF-8.',
    );
  });

  it('counts the column in characters, after any accented letters before the bad byte', () => {
    const bytes = Buffer.concat([Buffer.from('{"note": "Zoë\r\nthé '), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(refusal(() => decodeUtf8(bytes, 'rows.jsonl'))).toBe(
      'rows.jsonl line 2: not UTF-8 (byte 0xFF at column 5); save the file as UTF-8.',
    );
  });

  it('says a file cut inside its last character is cut short', () => {
    const bytes = Buffer.concat([Buffer.from('a\nb\ncafé'), Buffer.from('é').subarray(0, 1)]);
    expect(refusal(() => decodeUtf8(bytes, 'traces.jsonl'))).toBe(
      'traces.jsonl line 3: not UTF-8 (byte 0xC3 at column 5, a character cut short at the end of the file); save the file as UTF-8.',
    );
  });

  it('says UTF-16 is UTF-16, with a mark in either byte order and without one', () => {
    const text = '{"row_id": "run_a:0", "label": "pass"}\n';
    const little = Buffer.from(`\uFEFF${text}`, 'utf16le');
    const big = Buffer.from(little).swap16();
    expect(refusal(() => decodeUtf8(little, 'labels.jsonl'))).toBe(
      'labels.jsonl is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8: save the file as UTF-8.',
    );
    expect(refusal(() => decodeUtf8(big, 'labels.jsonl'))).toContain('is UTF-16');
    expect(refusal(() => decodeUtf8(Buffer.from(text, 'utf16le'), 'labels.jsonl'))).toBe(
      'labels.jsonl looks like UTF-16 saved without a byte-order mark (every other byte is 0), not UTF-8: save the file as UTF-8.',
    );
  });

  it('refuses overlong forms, surrogates and code points past U+10FFFF as TextDecoder does', () => {
    for (const bad of [
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
    ]) {
      expect(findUtf8Fault(Uint8Array.from([0x61, ...bad])), bad.join(' ')).toMatchObject({ line: 1, column: 2, byte: bad[0] });
    }
  });

  it('agrees with a strict TextDecoder on any bytes, and names the line the bad byte is on', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let isUtf8 = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          isUtf8 = false;
        }
        const fault = findUtf8Fault(bytes);
        expect(fault === null).toBe(isUtf8);
      }),
      { numRuns: 2000, seed: 11 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 12 }).filter((line) => !/[\r\n]/.test(line)),
          { minLength: 1, maxLength: 8 },
        ),
        fc.nat(),
        (texts, pick) => {
          const at = pick % texts.length;
          const bytes = Buffer.concat(
            texts.map((line, index) =>
              Buffer.concat([Buffer.from(line), ...(index === at ? [Buffer.from([0xfe])] : []), Buffer.from('\n')]),
            ),
          );
          expect(findUtf8Fault(bytes)).toMatchObject({ line: at + 1, column: [...texts[at]!].length + 1, byte: 0xfe });
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe('readTextFile', () => {
  it('names an unreadable file, and a wrongly encoded one by the name it is given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-text-file-'));
    await expect(readTextFile(join(folder, 'missing.jsonl'))).rejects.toThrow(/^Cannot read .*missing\.jsonl: /);
    const path = join(folder, 'spec.yaml');
    writeFileSync(path, Buffer.from('name: \u00c9pargne\n', 'latin1'));
    await expect(readTextFile(path, 'spec.yaml')).rejects.toThrow(
      'spec.yaml line 1: not UTF-8 (byte 0xC9 at column 7); save the file as UTF-8.',
    );
    writeFileSync(path, 'name: Épargne\n');
    await expect(readTextFile(path)).resolves.toBe('name: Épargne\n');
  });
});
