import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRow } from '../../conduct/__fixtures__/conversation';
import { fixedClock } from '../judge-clock';
import { loadModuleJudge } from './module-judge';
import { runJudge } from '../run-judge';

const fixture = (name: string) => fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url));
const rows = (texts: string[]) => texts.map((text, index) => fixtureRow(`m${index}`, [{ user: 'hi' }, { agent: text }]));

describe('module judge', () => {
  it('grades with the default export and stamps its version', async () => {
    const judge = await loadModuleJudge({ path: fixture('apology-judge.mjs'), version: 'v3' });
    const graded = await runJudge(rows(['All good.', 'Sorry about that.', 'THROW']), judge, { clock: fixedClock('T') });
    expect(graded.map((item) => [item.grade.judge_status, item.grade.reward])).toEqual([
      ['ok', 1],
      ['ok', 0],
      ['error', null],
    ]);
    expect(graded[0]!.grade.provenance).toMatchObject({ judge: 'apology-judge', version: 'v3' });
  });

  it('refuses a module without a default function, or without a version', async () => {
    await expect(loadModuleJudge({ path: fixture('no-default.mjs'), version: 'v1' })).rejects.toThrow(/default export/);
    await expect(loadModuleJudge({ path: fixture('apology-judge.mjs'), version: '' })).rejects.toThrow(/needs a version/);
    await expect(loadModuleJudge({ path: fixture('missing.mjs'), version: 'v1' })).rejects.toThrow(/could not load judge module/);
  });
});
