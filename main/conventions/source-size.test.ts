import { describe, expect, it } from 'vitest';
import { layoutBreaches, MAX_FILE_LINES, MAX_FOLDER_FILES, MAX_LINE_LENGTH } from './source-layout.mjs';

describe('source sizes', () => {
  const breaches = layoutBreaches();

  it(`no folder holds more than ${MAX_FOLDER_FILES} source files at its top level`, () => {
    expect(breaches.crowded).toEqual([]);
  });

  it(`no source file is over ${MAX_FILE_LINES} lines, and no line over ${MAX_LINE_LENGTH} characters`, () => {
    expect(breaches.files).toBeGreaterThan(100);
    expect(breaches.long).toEqual([]);
    expect(breaches.wide).toEqual([]);
  });
});
