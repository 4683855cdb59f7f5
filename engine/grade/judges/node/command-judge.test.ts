import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureRow } from '../../conduct/__fixtures__/conversation';
import { clockFromNode } from './clock';
import { commandJudge } from './command-judge';
import type { Judge } from '../judge';
import { JudgeConfigError } from '../judge-config-error';
import { runJudge } from '../run-judge';

const SCRIPT = fileURLToPath(new URL('../__fixtures__/line-judge.mjs', import.meta.url));
const rows = (texts: string[]) => texts.map((text, index) => fixtureRow(`c${index}`, [{ user: 'where is my order' }, { agent: text }]));
const opened: Judge[] = [];

function judgeFor(mode: 'per-row' | 'server'): Judge {
  const judge = commandJudge({
    command: process.execPath,
    args: [SCRIPT, ...(mode === 'server' ? ['--server'] : [])],
    mode,
    version: 'line-judge@1',
    name: 'line-judge',
  });
  opened.push(judge);
  return judge;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((judge) => judge.close?.()));
});

describe('command judge', () => {
  it('grades one process per row, reading the last line it prints', async () => {
    const graded = await runJudge(rows(['It shipped.', 'So sorry, it is late.']), judgeFor('per-row'), {
      clock: clockFromNode,
      concurrency: 2,
    });
    expect(graded.map((item) => [item.grade.judge_status, item.grade.reward, item.grade.failure_class])).toEqual([
      ['ok', 1, null],
      ['ok', 0, 'tone'],
    ]);
    expect(graded[1]!.grade.provenance).toEqual({
      judge: 'line-judge',
      model: null,
      rubric_hash: null,
      settings: { command: process.execPath, args: [SCRIPT], mode: 'per-row' },
      version: 'line-judge@1',
    });
  });

  it('reports a crash as error with its stderr, and text that is not JSON as invalid_result', async () => {
    const graded = await runJudge(rows(['CRASH', 'GARBLE', 'NOREWARD']), judgeFor('per-row'), { clock: clockFromNode });
    expect(graded.map((item) => [item.grade.judge_status, item.grade.reward])).toEqual([
      ['error', null],
      ['invalid_result', null],
      ['missing_reward', null],
    ]);
    expect(graded[0]!.grade.reason).toContain('exited with code 3: judge crashed on purpose');
  });

  it('kills a per-row process that hangs past the timeout', async () => {
    const [graded] = await runJudge(rows(['HANG']), judgeFor('per-row'), { clock: clockFromNode, timeoutMs: 300 });
    expect(graded!.grade).toMatchObject({ judge_status: 'timeout', reward: null });
  });

  it('keeps one server for many rows, and restarts it after a row it never answered', async () => {
    const judge = judgeFor('server');
    const graded = await runJudge(rows(['fine', 'sorry', 'HANG', 'fine again']), judge, {
      clock: clockFromNode,
      concurrency: 4,
      // Room for the restarted server to boot on a loaded machine: the HANG row still times out.
      timeoutMs: 1500,
    });
    expect(graded.map((item) => item.grade.judge_status)).toEqual(['ok', 'ok', 'timeout', 'ok']);
    const pids = graded.map((item) => item.judge_meta['pid']);
    expect(pids[0]).toBe(pids[1]);
    expect(pids[3]).not.toBe(pids[0]);
  });

  it('needs a version', () => {
    expect(() => commandJudge({ command: process.execPath, args: [SCRIPT], version: '' })).toThrow(JudgeConfigError);
  });
});
