import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStopError } from '../../models/run-stop-error';
import { offlineComponents } from '../../simulate/offline-components';
import { simulate } from '../../simulate/simulate';
import { draftSpec } from '../../spec/draft-spec';
import type { AgentRequest } from '../agent';
import { createCommandAgent } from './command-agent';
import { probeCommandAgent } from './command-probe';

const folder = mkdtempSync(join(tmpdir(), 'while-command-agent-'));
const missing = join(folder, 'nope-agent.mjs');

function script(name: string, body: string): string {
  const path = join(folder, name);
  writeFileSync(path, body);
  return `node ${path}`;
}

const ECHO = script(
  'echo-agent.mjs',
  `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const turn = JSON.parse(line);
  process.stdout.write(JSON.stringify({ content: 'hi ' + turn.rollout_key }) + '\\n');
});`,
);

const request = (key: string): AgentRequest => ({
  rollout_key: key,
  system_prompt: '',
  tools: [],
  messages: [{ role: 'user', content: 'hello' }],
});

describe('createCommandAgent', () => {
  it('answers turns from a working command', async () => {
    const agent = createCommandAgent({ command: ECHO, processes: 2 });
    try {
      const replies = await Promise.all(['a', 'b', 'c'].map((key) => agent.respond(request(key))));
      expect(replies.map((reply) => reply.content)).toEqual(['hi a', 'hi b', 'hi c']);
    } finally {
      agent.close();
    }
  });

  it("quotes what went wrong from stderr, not Node's version footer", async () => {
    const agent = createCommandAgent({ command: `node ${missing}`, processes: 1, startFailuresToStop: 5 });
    try {
      const error = await agent.respond(request('a')).then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error?.name).toBe('AgentReplyError');
      expect(error?.message).toMatch(/^the agent command exited \(1\): Error: Cannot find module '.*nope-agent\.mjs'$/);
      expect(error?.message).not.toContain('Node.js v');
    } finally {
      agent.close();
    }
  });

  it('stops the run (agent_failed) once processes in a row exit before answering, without starting more', async () => {
    const agent = createCommandAgent({ command: `node ${missing}`, processes: 4, startFailuresToStop: 3 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => agent.respond(request(`k${index}`))));
      const errors = results.map((result) => (result.status === 'rejected' ? (result.reason as Error) : undefined));
      expect(errors.every((error) => error !== undefined)).toBe(true);
      const stop = errors.find((error) => RunStopError.isInstance(error));
      expect(stop).toBeDefined();
      expect((stop as RunStopError).stopped_because).toBe('agent_failed');
      expect(stop!.message).toMatch(
        new RegExp(
          String.raw`cannot start: 3 processes in a row ended before answering a turn; ` +
            String.raw`the last exited \(1\): Error: Cannot find module '.*nope-agent\.mjs'\.$`,
        ),
      );
      // Later turns fail at once with the same error.
      const started = Date.now();
      await expect(agent.respond(request('late'))).rejects.toBe(stop);
      expect(Date.now() - started).toBeLessThan(50);
    } finally {
      agent.close();
    }
  });
});

describe('probeCommandAgent', () => {
  it('says a working agent answered and a missing script exited, quoting its error', async () => {
    expect(await probeCommandAgent(ECHO)).toEqual({ outcome: 'answered' });
    const probe = await probeCommandAgent(`node ${missing}`);
    expect(probe.outcome).toBe('exited');
    expect(probe.outcome === 'exited' && probe.message).toMatch(/^exited \(1\): Error: Cannot find module/);
    const shell = await probeCommandAgent('definitely-not-a-command-h50');
    expect(shell.outcome === 'exited' && shell.message).toMatch(/exited \(127\): .*not found/);
  });

  it('takes a silent but running agent as started, and a reply off the protocol as a problem', async () => {
    const silent = script('silent.mjs', 'setInterval(() => {}, 1000);');
    expect(await probeCommandAgent(silent, { timeoutMs: 300 })).toEqual({ outcome: 'running' });
    const chatty = script('chatty.mjs', "process.stdout.write('hello there\\n'); setInterval(() => {}, 1000);");
    const probe = await probeCommandAgent(chatty);
    expect(probe).toMatchObject({ outcome: 'bad_reply', message: expect.stringContaining('not JSON') });
  });
});

describe('a run whose command agent cannot start', () => {
  it('stops with agent_failed after a few turns instead of losing the budget, saying why', async () => {
    const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 1 });
    const agent = createCommandAgent({ command: `node ${missing}`, processes: 4 });
    try {
      const events = simulate({
        ...offlineComponents(spec, { seed: 1 }),
        agent,
        spec,
        seed: 1,
        budget: 32,
        phrasings: 1,
        repeats: 1,
        concurrency: 8,
      });
      let lost = 0;
      for (;;) {
        const next = await events.next();
        if (next.done) {
          expect(next.value.stopped_because).toBe('agent_failed');
          expect(next.value.rows).toBe(0);
          expect(next.value.warnings[0]).toMatch(
            /^The run stopped early: The agent command `node .*nope-agent\.mjs` cannot start: .*Cannot find module/,
          );
          break;
        }
        if (next.value.type === 'lost') lost += 1;
      }
      expect(lost).toBeLessThan(8);
    } finally {
      agent.close();
    }
  });
});
