import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { Dimensions, FaultPlan, PairsAccounting } from '../../../shared/domain';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SPEC = 'resources/examples/refund-desk.spec.yaml';
const NEW_RULE = 'Offer store credit only when the customer asks for it.';

interface PlanOutput {
  cells: { scenario_id: string; dimensions: Dimensions; faults: Record<string, FaultPlan> }[];
  pairs: PairsAccounting;
}

function wai(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The example spec with one more policy rule, in the middle of the rule axis. */
function specWithOneMoreRule(): string {
  const document = parseDocument(readFileSync(join(ROOT, SPEC), 'utf8'));
  const rules = document.getIn(['axes', 'rule']) as { items: unknown[] };
  rules.items.splice(2, 0, document.createNode(NEW_RULE));
  const file = join(mkdtempSync(join(tmpdir(), 'while-plan-')), 'refund-desk-plus.spec.yaml');
  writeFileSync(file, document.toString());
  return file;
}

const cellsOutsideNewRule = (plan: PlanOutput) =>
  new Map(plan.cells.filter((cell) => cell.dimensions.rule !== NEW_RULE).map((cell) => [cell.scenario_id, cell]));

describe('wai plan', { timeout: 120_000 }, () => {
  it('on the spec and on the spec with one more rule: every cell outside the new rule’s block is identical', () => {
    const before = JSON.parse(wai('plan', '--spec', SPEC, '--seed', '4', '--json').stdout) as PlanOutput;
    const after = JSON.parse(wai('plan', '--spec', specWithOneMoreRule(), '--seed', '4', '--json').stdout) as PlanOutput;
    expect(cellsOutsideNewRule(after)).toEqual(cellsOutsideNewRule(before));
    const added = after.cells.filter((cell) => cell.dimensions.rule === NEW_RULE);
    // The longest other axis is the stance (10 values): the rule meets each of them once.
    expect(added.length).toBeGreaterThanOrEqual(10);
    expect(after.cells).toHaveLength(before.cells.length + added.length);
    expect(new Set(added.map((cell) => cell.dimensions.stance)).size).toBe(10);
  });

  it('prints each planned cell with its id and six values, and where every pair went, without a data folder', () => {
    const { status, stdout } = wai('plan', '--spec', SPEC);
    expect(status).toBe(0);
    const json = JSON.parse(wai('plan', '--spec', SPEC, '--json').stdout) as PlanOutput;
    const [head, table, pairs] = stdout.split('\n\n');
    expect(head).toContain(`${json.cells.length} planned cells`);
    const lines = table!.split('\n');
    expect(lines[0]).toMatch(/^scenario_id\s+tool\s+stance\s+world_state\s+tool_condition\s+history\s+rule$/);
    expect(lines).toHaveLength(json.cells.length + 1);
    const first = json.cells[0]!;
    expect(lines[1]!.split(/\s{2,}/)).toEqual([
      first.scenario_id,
      first.dimensions.tool,
      first.dimensions.stance,
      first.dimensions.world_state,
      first.dimensions.tool_condition,
      first.dimensions.history,
      first.dimensions.rule,
    ]);
    const { pairs_planned, pairs_possible, pairs_impossible, pairs_flipped } = json.pairs;
    expect(pairs_planned + pairs_impossible + pairs_flipped).toBe(pairs_possible);
    expect(pairs).toContain(`pairs: ${pairs_planned} of ${pairs_possible} planned`);
    expect(pairs).toContain(`${pairs_impossible} pairs can never occur, because an unrelated ask touches no record and calls no tool`);
    expect(pairs).toContain('tool "unrelated" with tool_condition "timeout", "malformed_result", "stale_result" or "permission_denied"');
    expect(pairs).toContain(`${pairs_flipped} pairs need a tool fault, and every cell that carried one was flipped to success`);
  });

  it('follows the mode’s fault settings and drafts from a sentence; refuses both sources at once', () => {
    const sentence = 'a bookshop assistant that refunds only after the customer confirms the order';
    const rl = JSON.parse(wai('plan', '--describe', sentence, '--mode', 'rl', '--json').stdout) as PlanOutput;
    const explore = JSON.parse(wai('plan', '--describe', sentence, '--json').stdout) as PlanOutput;
    expect(rl.pairs).toMatchObject({ fault_rate: 0.8, prefer_success: false });
    expect(rl.pairs.pairs_flipped).toBeLessThan(explore.pairs.pairs_flipped);
    const both = wai('plan', '--spec', SPEC, '--describe', sentence);
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('Give exactly one of --spec FILE or --describe "SENTENCE".');
  });
});
