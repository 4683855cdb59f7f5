import type { AgreementReport } from '../../../../shared/api/agreement';
import type { LabelsQueueOutput, QueueItem } from '../../../../shared/api/labels';
import type { RowDetail } from '../../../../shared/api/rows';
import { LABEL_VALUES, type LabelValue, type Run } from '../../../../shared/domain';
import { fakeClient, ok, type FakeClient } from '../../../api/__fixtures__/fake-client';

export interface FakeLabel {
  id: number;
  row_id: string;
  label: LabelValue;
  note: string | null;
  author: string | null;
  blind?: boolean | null;
}

export interface FakeLabelsServer {
  client: FakeClient;
  /** Stored labels, oldest first (an undone one leaves). */
  labels: FakeLabel[];
  /** Settlements, oldest first. */
  adjudications: { row_id: string; label: 'pass' | 'fail'; author: string }[];
  annotator: string | null;
  /** Make labels.set refuse (true) or accept (false). */
  refuseLabels: boolean;
  /** Answers to labels.set wait for this (main busy with something slow). */
  labelsGate: Promise<void>;
  /** Settings by key. */
  settings: Record<string, unknown>;
}

const rowId = (ordinal: number) => `run_1:${ordinal}`;

/** An agreement report whose n follows the stored labels (enough for the store's refresh logic). */
export function agreementReport(n: number, judged = true): AgreementReport {
  const stat = n === 0 ? null : 0.75;
  return {
    run_id: 'run_1',
    judge: judged ? { judge_key: 'conduct@1', judge_name: 'conduct', version: 'conduct@1', n_graded: 10 } : null,
    judges: judged ? [{ judge_key: 'conduct@1', judge_name: 'conduct', version: 'conduct@1', n_graded: 10 }] : [],
    n_rows: 10,
    n_excluded: 0,
    n_gold: n,
    n_conflicts: 0,
    blind_only: false,
    labels_made: { blind: n, sighted: 0, unrecorded: 0 },
    judge_agreement: {
      n,
      n_skipped: 0,
      n_unmeasured: 0,
      agreement: stat,
      kappa: stat,
      kappa_defined: n >= 2,
      kappa_undefined_reason: n >= 2 ? null : `Kappa needs 2 rows or more; there ${n === 0 ? 'are none' : 'is 1'}.`,
      confusion: { tp: n, fp: 0, tn: 0, fn: 0 },
      pass_when_gold_fail: null,
      fail_when_gold_pass: null,
      judge_pass_rate: stat,
      gold_pass_rate: stat,
      gold_kind: n === 0 ? null : 'human',
      ok: n > 0,
      warnings: [],
    },
    judge_trust: {
      ok: false,
      unmeasured: n === 0,
      agreement: {
        agreement: stat,
        ci95: { lo: 0, hi: 1 },
        kappa: stat,
        kappa_defined: n >= 2,
        kappa_undefined_reason: n >= 2 ? null : `Kappa needs 2 rows or more; there ${n === 0 ? 'are none' : 'is 1'}.`,
        n,
      },
      gold_kind: n === 0 ? null : 'human',
      n_labeled: n,
      n_rows: 10,
      held_out_halves: [
        { agreement: null, kappa: null, kappa_defined: false, n: 0 },
        { agreement: null, kappa: null, kappa_defined: false, n: 0 },
      ],
      floors: { min_agreement: 0.8, min_kappa: 0.6, max_skipped_share: 0.1 },
      skipped: { n: 0, share: null },
      labels_needed: Math.max(0, 50 - n),
      warnings: n === 0 ? ['unmeasured: no row has a gold label; label 50 rows by hand to measure the judge'] : [],
    },
    human_agreement: [],
    fleiss: null,
    series: [],
    compare_judges: { scores: [], n_rows: 10, gold_kind: null, floors: { min_agreement: 0.8, min_kappa: 0.6 }, best: null, warnings: [] },
    disagreements: [],
    warnings: [],
  };
}

function rowDetail(id: string, server: FakeLabelsServer): RowDetail {
  const stored = server.labels
    .filter((label) => label.row_id === id)
    .map(({ id: _id, ...label }) => ({ ...label, kind: 'human' as const, created_at: '2026-01-01T00:00:00.000Z' }));
  const adjudications = server.adjudications
    .filter((entry) => entry.row_id === id)
    .map((entry) => ({ ...entry, note: null, created_at: '2026-01-01T00:00:00.000Z' }));
  const ordinal = Number(id.split(':')[1]);
  // What the Label view shows of a row: its situation and a two-turn conversation.
  const row = {
    ordinal,
    situation: {
      scenario_id: `sc-${ordinal}`,
      dimensions: {
        tool: 'refund_order',
        rule: 'confirm before refunding',
        stance: 'hurried',
        world_state: 'entity exists',
        tool_condition: 'success',
        history: 'fresh',
      },
    },
    messages: [
      { role: 'user', content: `Please refund order ${ordinal}.` },
      { role: 'assistant', content: `Order ${ordinal} is refunded.` },
    ],
    ended_by: 'agent',
  };
  return {
    row_id: id,
    run_id: 'run_1',
    row,
    grades: [],
    labels: stored,
    adjudications,
    system_prompt: null,
    tools: [],
    neighbours: null,
  } as unknown as RowDetail;
}

function storedLabel(label: FakeLabel) {
  return {
    ...label,
    run_id: 'run_1',
    kind: 'human' as const,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** Main's labels API over `total` rows in memory: the queue is paged as generated; labels count by annotator. */
export function fakeLabelsServer(total: number, options: { annotator?: string | null; labelled?: number } = {}): FakeLabelsServer {
  const server: FakeLabelsServer = {
    client: undefined as unknown as FakeClient,
    labels: [],
    adjudications: [],
    annotator: options.annotator === undefined ? 'Ana' : options.annotator,
    refuseLabels: false,
    labelsGate: Promise.resolve(),
    settings: {},
  };
  let nextId = 1;
  for (let ordinal = 0; ordinal < (options.labelled ?? 0); ordinal += 1)
    server.labels.push({ id: nextId++, row_id: rowId(ordinal), label: 'pass', note: null, author: server.annotator });
  const mine = (id: string) =>
    server.labels.filter((label) => label.row_id === id && label.author === server.annotator).at(-1)?.label ?? null;
  const queue = (offset: number, limit: number): LabelsQueueOutput => {
    const items: QueueItem[] = [];
    for (let ordinal = offset; ordinal < Math.min(total, offset + limit); ordinal += 1) {
      items.push({ row_id: rowId(ordinal), ordinal, position: ordinal, label: mine(rowId(ordinal)), judge: 'pass' });
    }
    const labelledIds = new Set(server.labels.filter((label) => label.author === server.annotator).map((label) => label.row_id));
    let first: number | null = null;
    for (let ordinal = 0; ordinal < total && first === null; ordinal += 1) if (!labelledIds.has(rowId(ordinal))) first = ordinal;
    const byLabel = Object.fromEntries(LABEL_VALUES.map((value) => [value, 0])) as Record<LabelValue, number>;
    for (const id of labelledIds) byLabel[mine(id)!] += 1;
    return {
      run_id: 'run_1',
      order: 'generated',
      judge_key: 'conduct@1',
      annotator: server.annotator,
      snapshot: { label_id: nextId - 1, grade_id: 10, adjudication_id: server.adjudications.length },
      offset,
      items,
      total,
      first_unlabelled: first,
      counts: {
        labelled: labelledIds.size,
        by_label: byLabel,
        gold: labelledIds.size,
        conflicts: 0,
        disagreements: 0,
        unsure: 0,
        cells: 4,
      },
    };
  };
  server.client = fakeClient({
    'settings.get': (input) => ok({ key: input.key, value: (server.settings[input.key] ?? null) as never }),
    'settings.set': (input) => {
      server.settings[input.key] = input.value;
      return ok({ key: input.key, value: input.value });
    },
    'runs.get': () => ok({ run: { id: 'run_1', name: 'a refund agent' } as Run } as never),
    'labels.queue': (input) => ok(queue(input.offset ?? 0, input.limit ?? 200)),
    'rows.get': (input) => ok(rowDetail(input.row_id, server)),
    'labels.set': async (input) => {
      await server.labelsGate;
      if (server.refuseLabels) return { ok: false, error: { code: 'INTERNAL', message: 'the disk is full' } };
      const stored: FakeLabel = {
        id: nextId++,
        row_id: input.row_id,
        label: input.label,
        note: input.note ?? null,
        author: server.annotator,
        blind: input.blind ?? null,
      };
      server.labels.push(stored);
      return ok({ label: storedLabel(stored), warnings: [] });
    },
    'labels.undo': (input) => {
      const found = server.labels.find((label) => label.id === input.label_id);
      if (!found) return { ok: false, error: { code: 'NOT_FOUND', message: `There is no label ${input.label_id}.` } };
      server.labels = server.labels.filter((label) => label !== found);
      const current = server.labels.filter((label) => label.row_id === found.row_id && label.author === found.author).at(-1)?.label ?? null;
      return ok({ undone: storedLabel(found), current });
    },
    'labels.adjudicate': (input) => {
      if (server.annotator === null) return { ok: false, error: { code: 'VALIDATION_FAILED', message: 'Set your annotator name first.' } };
      server.adjudications.push({ row_id: input.row_id, label: input.label, author: server.annotator });
      const adjudication = {
        id: server.adjudications.length,
        run_id: 'run_1',
        row_id: input.row_id,
        label: input.label,
        author: server.annotator,
      };
      return ok({ adjudication: { ...adjudication, note: input.note ?? null, created_at: '2026-01-01T00:00:00.000Z' } });
    },
    'labels.annotator.set': (input) => {
      server.annotator = input.name;
      return ok({ name: server.annotator });
    },
    'agreement.get': () => ok(agreementReport(new Set(server.labels.map((label) => label.row_id)).size)),
    'labels.import': () => ({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'No labels stored: the CSV file has errors: line 3 (label): "maybe" is not a label.',
        issues: [{ path: 'line 3.label', message: '"maybe" is not a label' }],
      },
    }),
    'labels.export': (input) => ok({ text: 'row_id,label\n', filename: `run_1-labels.${input.format}`, n: server.labels.length }),
    'agreement.export': () => ok({ text: '{}\n', filename: 'run_1-agreement-conduct_1.jsonl', n: total }),
  });
  return server;
}
