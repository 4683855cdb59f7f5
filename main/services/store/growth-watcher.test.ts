import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchGrowth } from './growth-watcher';

describe('watching a file grow', () => {
  it('reports its share of the expected size from another thread, even while this one is blocked', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-growth-'));
    const file = join(folder, 'growing');
    const log = join(folder, 'log');
    const descriptor = openSync(log, 'w');
    const watch = watchGrowth({ file, expected: 4_000_000, descriptor, label: 'Rewriting', everyMs: 20 });
    // This thread busy for a while, as in VACUUM INTO, with the file half written.
    appendFileSync(file, Buffer.alloc(2_000_000));
    const until = Date.now() + 20_000;
    while (Date.now() < until && !readFileSync(log, 'utf8').includes('\n'));
    await watch.stop();
    closeSync(descriptor);
    expect(readFileSync(log, 'utf8')).toContain('Rewriting: 50% (2 of about 4 MB)\n');
  });
});
