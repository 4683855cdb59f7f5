import { describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain';
import { attachLabels, type LabelTarget } from './attach-labels';
import { AttachLabelsError } from './attach-labels-error';

const NOW = '2025-06-01T12:00:00.000Z';
const now = () => NOW;

/** Run r1: scenario sc-a has one rollout, sc-b two (rollout 0 and 1), sc-c two phrasings of rollout 0. */
const TARGETS: LabelTarget[] = [
  { id: 'r1:0', rollout_id: 'ro-a0', scenario_id: 'sc-a', rollout_index: 0 },
  { id: 'r1:1', rollout_id: 'ro-b0', scenario_id: 'sc-b', rollout_index: 0 },
  { id: 'r1:2', rollout_id: 'ro-b1', scenario_id: 'sc-b', rollout_index: 1 },
  { id: 'r1:3', rollout_id: 'ro-c0', scenario_id: 'sc-c', rollout_index: 0 },
  { id: 'r1:4', rollout_id: 'ro-c0p', scenario_id: 'sc-c', rollout_index: 0 },
];

function existing(row_id: string, label: Label['label'], author: string | null, kind: Label['kind'] = 'human'): Label {
  return { row_id, label, kind, author, note: null, created_at: '2025-05-01T00:00:00.000Z' };
}

describe('attachLabels', () => {
  it('matches keys by row id, rollout id, scenario#index and a bare scenario with one rollout', () => {
    const result = attachLabels(
      TARGETS,
      [
        { key: 'r1:3', label: 'fail', author: 'ana' },
        { key: 'ro-b0', label: 'pass', author: 'ana' },
        { key: 'sc-b#1', label: 0, author: 'ana' },
        { key: 'sc-a', label: true, author: 'ana' },
      ],
      { now },
    );
    expect(result.rows.map((row) => [row.id, row.gold_reward, row.gold_kind])).toEqual([
      ['r1:0', 1, 'human'],
      ['r1:1', 1, 'human'],
      ['r1:2', 0, 'human'],
      ['r1:3', 0, 'human'],
      ['r1:4', null, null],
    ]);
    expect(result.added).toEqual([
      { row_id: 'r1:3', label: 'fail', kind: 'human', author: 'ana', note: null, created_at: NOW },
      { row_id: 'r1:1', label: 'pass', kind: 'human', author: 'ana', note: null, created_at: NOW },
      { row_id: 'r1:2', label: 'fail', kind: 'human', author: 'ana', note: null, created_at: NOW },
      { row_id: 'r1:0', label: 'pass', kind: 'human', author: 'ana', note: null, created_at: NOW },
    ]);
    expect(result.report).toMatchObject({ labels: 4, matched: 4, unmatched: 0, rows_labeled: 4, ties: 0, authors: ['ana'], warnings: [] });
  });

  it('appends to earlier labels and takes the majority, each author counting once', () => {
    const target = { ...TARGETS[0]!, gold_labels: [existing('r1:0', 'pass', 'ana'), existing('r1:0', 'fail', 'ben')] };
    const result = attachLabels([target], [{ key: 'r1:0', label: 'fail', author: 'cy' }], { now });
    expect(result.rows[0]).toMatchObject({ gold_reward: 0, gold_kind: 'human' });
    expect(result.rows[0]!.gold_labels).toHaveLength(3);
    const changedMind = attachLabels([target], [{ key: 'r1:0', label: 'fail', author: 'ana' }], { now });
    expect(changedMind.rows[0]).toMatchObject({ gold_reward: 0 });
  });

  it('leaves gold unset on a tie and says so', () => {
    const target = { ...TARGETS[0]!, gold_labels: [existing('r1:0', 'pass', 'ana')] };
    const result = attachLabels([target], [{ key: 'r1:0', label: 'fail', author: 'ben' }], { now });
    expect(result.rows[0]).toMatchObject({ gold_reward: null, gold_kind: null });
    expect(result.report.ties).toBe(1);
    expect(result.report.warnings).toContain(
      'Labels split evenly on 1 row, so gold_reward is left unset there: read their gold_labels and add a deciding label.',
    );
  });

  it('reports mixed gold when the votes come from different kinds, with verifier read as program', () => {
    const target = { ...TARGETS[0]!, gold_labels: [existing('r1:0', 'pass', 'ana')] };
    const result = attachLabels([target], [{ key: 'r1:0', label: 'pass', author: 'unit-tests', kind: 'verifier' }], { now });
    expect(result.rows[0]).toMatchObject({ gold_reward: 1, gold_kind: 'mixed' });
    expect(result.added[0]!.kind).toBe('program');
    expect(attachLabels([TARGETS[0]!], [{ key: 'r1:0', label: 'pass' }], { now, kind: 'model', annotator: 'gpt' }).rows[0]!.gold_kind).toBe(
      'model',
    );
  });

  it("replaces a row's earlier labels on request and lets abstentions not vote", () => {
    const target = { ...TARGETS[0]!, gold_labels: [existing('r1:0', 'fail', 'ana'), existing('r1:0', 'fail', 'ben')] };
    const result = attachLabels(
      [target],
      [
        { key: 'r1:0', label: 'pass', author: 'cy' },
        { key: 'r1:0', label: 'unsure', author: 'dee' },
      ],
      { now, replace: true },
    );
    expect(result.rows[0]!.gold_labels.map((label) => label.author)).toEqual(['cy', 'dee']);
    expect(result.rows[0]).toMatchObject({ gold_reward: 1 });
  });

  it('keeps unauthored labels but warns they are unmeasured; annotator fills in', () => {
    const result = attachLabels(TARGETS, [{ key: 'r1:0', label: 'pass' }], { now });
    expect(result.added[0]!.author).toBeNull();
    expect(result.report.warnings).toContain(
      'No author is named on 1 label: gold without an author is reported as unmeasured; sign them (an author column, or --author).',
    );
    expect(attachLabels(TARGETS, [{ key: 'r1:0', label: 'pass' }], { now, annotator: 'ana' }).added[0]!.author).toBe('ana');
  });

  it('skips labels that name no row when others match, and counts them', () => {
    const result = attachLabels(
      TARGETS,
      [
        { key: 'r1:0', label: 'pass', author: 'ana' },
        { key: 'nope', label: 'fail', author: 'ana' },
      ],
      { now },
    );
    expect(result.report).toMatchObject({ matched: 1, unmatched: 1, unmatched_keys: ['nope'] });
    expect(result.report.warnings).toEqual(['Skipped: 1 of 2 labels name no row; check their row ids (or rollout ids).']);
  });

  it('raises before changing anything for a key matching several rows, an unknown kind, an unreadable label, or no match at all', () => {
    const before = JSON.parse(JSON.stringify(TARGETS)) as unknown;
    const attempt = (labels: Parameters<typeof attachLabels>[1], kind?: string) => () =>
      attachLabels(TARGETS, labels, { now, ...(kind ? { kind } : {}) });
    expect(
      attempt([
        { key: 'r1:0', label: 'pass' },
        { key: 'sc-b', label: 'pass' },
      ]),
    ).toThrow(/"sc-b" matches 2 rows \(r1:1, r1:2\)/);
    expect(attempt([{ key: 'sc-c#0', label: 'pass' }])).toThrow(/matches 2 rows/);
    expect(attempt([{ key: 'r1:0', label: 'pass' }], 'crowd')).toThrow(
      /kind "crowd" is not one of human, program \(alias verifier\) or model/,
    );
    expect(attempt([{ key: 'r1:0', label: 'pass', kind: 'crowd' }])).toThrow(AttachLabelsError);
    expect(attempt([{ key: 'r1:0', label: 'maybe', line: 7 }])).toThrow(/line 7: unknown label "maybe"/);
    expect(attempt([{ key: 'ghost', label: 'pass' }])).toThrow(/no label matches any row/);
    expect(attempt([])).toThrow(/no labels given/);
    expect(TARGETS).toEqual(before);
  });
});
