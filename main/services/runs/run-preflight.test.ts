import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreflightConfig } from '../../../shared/api/runs';
import { MAX_DRAFT_SENTENCE_CHARS, SpecsDraftInput } from '../../../shared/api/specs';
import type { Spec } from '../../../shared/domain';
import { MAX_SENTENCE_CHARS, planGrid } from '../../../engine/index';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { preflightChecks as preflightWith, preflightRun as preflightAll } from './run-preflight';
import { draftFromSentence } from './specs-service';

let context: AppContext;
beforeAll(() => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-preflight-')), mode: 'browser' });
});
afterAll(async () => {
  await closeAppContext(context);
});

const preflightRun = (config: Parameters<typeof preflightWith>[1]) => preflightWith(context, config);

const FINANCE = 'a personal finance assistant that confirms before it moves money';

function draftedSpec(): Spec {
  return draftFromSentence(FINANCE, 0).spec;
}

/** A config as the New run screen sends it, with the contract's defaults applied. */
function config(overrides: Record<string, unknown> = {}, spec: unknown = draftedSpec()) {
  return PreflightConfig.parse({ source: { kind: 'spec', spec }, budget: 60, ...overrides });
}

function idsOf(output: ReturnType<typeof preflightRun>) {
  return output.checks.map((check) => `${check.level}:${check.id}`);
}

describe('runs.preflight', () => {
  it('passes a freshly drafted spec with default settings and plans its grid', () => {
    const output = preflightRun(config());
    expect(output.checks.filter((check) => check.level === 'error')).toEqual([]);
    expect(output.grid).not.toBeNull();
    expect(output.grid!.cells).toBeGreaterThan(10);
    expect(output.grid!.pairs_planned).toBeGreaterThan(output.grid!.cells);
    expect(output.grid!.axis_sizes.stance).toBe(10);
  });

  it('blocks a spec with no tools at all', () => {
    const spec = { ...draftedSpec(), tools: [], result_shapes: {}, axes: { ...draftedSpec().axes, tool: ['unrelated', 'multi_tool'] } };
    const output = preflightRun(config({}, spec));
    const check = output.checks.find((each) => each.id === 'no_tools');
    expect(check).toMatchObject({ level: 'error', path: 'source.spec.tools' });
    expect(check!.message).toContain('add a tool');
  });

  it('blocks tools that look records up when the writer has no id to use, naming the tool and its parameter', () => {
    const spec = draftedSpec();
    const stripped = {
      ...spec,
      known_ids: [],
      tools: spec.tools.map((tool) => ({ ...tool, description: tool.description.replace(/\b[A-Z]{1,4}[-_]?\d{3,6}\b/g, 'an id') })),
    };
    const output = preflightRun(config({}, stripped));
    const checks = output.checks.filter((check) => check.id === 'no_known_ids');
    expect(checks.length).toBeGreaterThan(0);
    expect(checks[0]).toMatchObject({ level: 'error', path: expect.stringMatching(/^source\.spec\.tools\.\d+$/) });
    expect(checks[0]!.message).toMatch(/looks records up by \w+.*"not found"/);
    // The spec's own warning about the same tool is not repeated beside the error.
    const paths = output.checks.filter((check) => check.id === 'spec_warning').map((check) => check.path);
    for (const check of checks) expect(paths).not.toContain(check.path);
  });

  it('warns when one model plays two roles, naming both roles and the model', () => {
    const output = preflightRun(
      config({ models: { agent: 'openai:gpt-4.1-mini', judge: 'openai:gpt-4.1-mini', simulator: 'anthropic:claude-haiku' } }),
    );
    const checks = output.checks.filter((check) => check.id === 'same_model');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ level: 'warning', path: 'models.judge' });
    expect(checks[0]!.message).toContain('agent and judge both use openai:gpt-4.1-mini');
    expect(idsOf(preflightRun(config({ models: { agent: 'a:x', simulator: 'b:y' } })))).not.toContain('warning:same_model');
  });

  it('blocks a model spec that does not parse, at its role, naming the colon form', () => {
    const output = preflightRun(config({ models: { simulator: 'openai/gpt-4.1-mini' } }));
    const check = output.checks.find((each) => each.id === 'model_spec');
    expect(check).toMatchObject({ level: 'error', path: 'models.simulator' });
    expect(check!.message).toContain('openai:gpt-4.1-mini');
  });

  it('blocks a hosted model with no key before any budget is spent', () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const output = preflightRun(config({ models: { agent: 'openai:gpt-4.1-mini' } }));
      const check = output.checks.find((each) => each.id === 'model_key');
      expect(check).toMatchObject({ level: 'error', path: 'models.agent' });
      // The app runs in browser mode here, whose Settings cannot store a key: the advice says so.
      expect(check!.message).toContain('browser mode reads keys only from the environment of the server');
      expect(check!.message).not.toContain("app's settings");
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('blocks a budget smaller than situations x phrasings x repeats, saying what to raise it to', () => {
    const output = preflightRun(config({ budget: 60, situations: 20, phrasings: 2, repeats: 2 }));
    const check = output.checks.find((each) => each.id === 'budget_short');
    expect(check).toMatchObject({ level: 'error', path: 'budget' });
    expect(check!.message).toContain('20 × 2 × 2 = 80');
    expect(check!.message).toContain('raise the budget to 80');
    expect(idsOf(preflightRun(config({ budget: 80, situations: 20, phrasings: 2, repeats: 2 })))).not.toContain('error:budget_short');
    expect(idsOf(preflightRun(config({ budget: 3, phrasings: 2, repeats: 2 })))).toContain('error:budget_short');
  });

  it('checks the budget and plans the grid with the settings the mode fills in', () => {
    const rl = preflightRun(config({ mode: 'rl', budget: 6 }));
    const short = rl.checks.find((each) => each.id === 'budget_short');
    expect(short).toMatchObject({ level: 'error', path: 'budget' });
    expect(short!.message).toContain('1 × 8 = 8');
    // A setting the person gave wins over the mode's.
    expect(idsOf(preflightRun(config({ mode: 'rl', budget: 6, repeats: 3 })))).not.toContain('error:budget_short');
    const axes = draftedSpec().axes;
    expect(preflightRun(config({ mode: 'rl' })).grid!.cells).toBe(
      planGrid(axes, { seed: 0, fault_rate: 0.8, prefer_success: false }).cells.length,
    );
    expect(
      preflightRun(config({ mode: 'rl', fault_rate: 0.5, prefer_success: true, set_by_caller: ['fault_rate', 'prefer_success'] })).grid!
        .cells,
    ).toBe(planGrid(axes, { seed: 0, fault_rate: 0.5, prefer_success: true }).cells.length);
  });

  it('warns when a saturation run cannot give every planned cell its five rows, naming the budget it needs', () => {
    const output = preflightRun(config({ until: 'saturation', budget: 60 }));
    const needed = output.grid!.cells * 5;
    const check = output.checks.find((each) => each.id === 'saturation_budget_short');
    expect(check).toMatchObject({ level: 'warning', path: 'budget' });
    expect(check!.message).toContain(`${output.grid!.cells} planned cells (${needed} rows)`);
    expect(check!.message).toContain(`Raise the budget to ${needed}`);
    expect(idsOf(preflightRun(config({ until: 'saturation', budget: needed })))).not.toContain('warning:saturation_budget_short');
    expect(idsOf(preflightRun(config({ until: 'compute', budget: 60 })))).not.toContain('warning:saturation_budget_short');
  });

  it('turns spec validation issues into errors at their field, errors before warnings', () => {
    const spec = draftedSpec();
    const broken = {
      ...spec,
      tools: [{ ...spec.tools[0]!, parameters: { type: 'object', properties: { amount: { type: 'money' } } } }, ...spec.tools.slice(1)],
    };
    const output = preflightRun(config({}, broken));
    const check = output.checks.find((each) => each.id === 'spec_invalid');
    expect(check).toMatchObject({ level: 'error', path: 'source.spec.tools.0.parameters.properties.amount.type' });
    // The message is the issue's own; the path says where (the app names the field as its editor numbers it).
    expect(check!.message).not.toMatch(/^tools\.0/);
    expect(output.grid).toBeNull();
    const levels = output.checks.map((each) => each.level);
    expect(levels.indexOf('warning') === -1 || levels.lastIndexOf('error') < levels.indexOf('warning')).toBe(true);
  });

  it('refuses a sentence longer than a draft reads, at the sentence, with the same limit as the contract', () => {
    expect(MAX_SENTENCE_CHARS).toBe(MAX_DRAFT_SENTENCE_CHARS);
    const sentence = `a personal finance assistant that confirms before it moves money ${'and checks again '.repeat(100)}`;
    const output = preflightRun(PreflightConfig.parse({ source: { kind: 'describe', sentence } }));
    expect(output.checks).toEqual([
      expect.objectContaining({
        id: 'draft',
        level: 'error',
        path: 'source.sentence',
        message: expect.stringMatching(/the description is 1,\d{3} characters, over the 1,000 a draft reads/),
      }),
    ]);
    expect(SpecsDraftInput.safeParse({ sentence }).success).toBe(false);
  });

  it('drafts a sentence source and passes its drafting warnings on', () => {
    const output = preflightRun(PreflightConfig.parse({ source: { kind: 'describe', sentence: 'a gardening helper that waters plants' } }));
    expect(output.checks.find((check) => check.id === 'draft')?.message).toContain('no domain bank matched');
    expect(output.grid).not.toBeNull();
  });

  it('starts a command agent once and blocks Start when it exits before answering, quoting its error', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-preflight-agent-'));
    const missing = join(folder, 'nope-agent.mjs');
    const output = await preflightAll(context, config({ models: { agent: `command:node ${missing}` } }));
    const check = output.checks.find((each) => each.id === 'agent_start');
    expect(check).toMatchObject({ level: 'error', path: 'models.agent' });
    expect(check!.message).toContain(`The agent command \`node ${missing}\` does not start`);
    expect(check!.message).toContain('exited (1): Error: Cannot find module');
    expect(check!.message).not.toContain('Node.js v');
    expect(output.checks[0]!.level).toBe('error');

    const working = join(folder, 'agent.mjs');
    writeFileSync(
      working,
      "import { createInterface } from 'node:readline';\n" +
        "createInterface({ input: process.stdin }).on('line', () => process.stdout.write(JSON.stringify({ content: 'hello' }) + '\\n'));\n",
    );
    const ok = await preflightAll(context, config({ models: { agent: `command:node ${working}` } }));
    expect(idsOf(ok)).not.toContain('error:agent_start');
  });
});
