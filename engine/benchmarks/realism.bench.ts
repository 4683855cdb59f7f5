/**
 * `npm run bench:realism` (tsx engine/benchmarks/realism.bench.ts [rows]): what an offline run reads like (issue 24).
 * Runs the offline defaults (template writers and people, the demo agent, the seeded world) on six domains, 300 rows
 * each: three the drafter has a bank for (the example retail spec, a clinic and a personal finance assistant) and
 * three drafted from sentences no bank matches (its fallback path). For each it prints the repeated-sentence share,
 * the top-10 sentence share, policy quotes in openers, id-kind and reference-kind errors, distinct-2 of openers and
 * world contradictions (realism/realism-figures.ts says how each is counted), then the worst domain of each against
 * the goal. Figures, not timings: the same seed gives the same table on any machine. The last line is JSON
 * for `npm run bench` (main/reliability/bench-all.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Row, Spec } from '../../shared/domain';
import { simulate } from '../simulate/simulate';
import { offlineComponents } from '../simulate/offline-components';
import { draftSpec } from '../spec/draft-spec';
import { parseSpecText } from '../spec/parse-spec-text';
import type { BenchResult } from './pairwise/bench-results';
import { addConductFigures, conductFigures, conductLines, type ConductFigures } from './realism/plant-detection';
import { meetsGoal, REALISM_GOALS, realismFigures, type RealismFigures, type RealismGoal } from './realism/realism-figures';

const ROWS = Number(process.argv[2] ?? 300);
const SEED = 7;
const EXAMPLE_SPEC = fileURLToPath(new URL('../../resources/examples/refund-desk.spec.yaml', import.meta.url));

interface Domain {
  name: string;
  /** A bank domain, or one drafted on the fallback path. */
  path: 'bank' | 'fallback';
  spec: () => Spec;
}

const drafted = (sentence: string) => () => draftSpec(sentence, { seed: SEED }).spec;

const DOMAINS: readonly Domain[] = [
  { name: 'retail (example spec)', path: 'bank', spec: () => parseSpecText(readFileSync(EXAMPLE_SPEC, 'utf8'), EXAMPLE_SPEC) },
  {
    name: 'clinic',
    path: 'bank',
    spec: drafted("a clinic scheduling assistant that confirms the patient's identity before changing appointments"),
  },
  { name: 'personal finance', path: 'bank', spec: drafted('a personal finance assistant that confirms before it moves money') },
  { name: 'library', path: 'fallback', spec: drafted('a library assistant that renews loans only for members without overdue fines') },
  {
    name: 'greenhouse',
    path: 'fallback',
    spec: drafted('a greenhouse helper that adjusts watering schedules only after checking soil moisture'),
  },
  {
    name: 'property',
    path: 'fallback',
    spec: drafted('a property management assistant that logs maintenance requests and never promises a repair date'),
  },
];

async function offlineRows(spec: Spec): Promise<Row[]> {
  const rows: Row[] = [];
  const events = simulate({ ...offlineComponents(spec, { seed: SEED }), spec, seed: SEED, budget: ROWS, concurrency: 8 });
  for (;;) {
    const next = await events.next();
    if (next.done) return rows;
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

const GOALS = Object.keys(REALISM_GOALS) as RealismGoal[];
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const shown = (goal: RealismGoal, value: number) =>
  goal === 'distinct_2' ? value.toFixed(3) : goal === 'contradictions' ? String(value) : percent(value);

const measured: { domain: Domain; figures: RealismFigures }[] = [];
const conduct: ConductFigures[] = [];
for (const domain of DOMAINS) {
  const spec = domain.spec();
  const rows = await offlineRows(spec);
  const figures = realismFigures(rows, spec);
  measured.push({ domain, figures });
  conduct.push(
    conductFigures(
      rows,
      spec.tools.map((tool) => tool.name),
    ),
  );
  console.log(`\n${domain.name} (${domain.path}, ${spec.domain}, ${figures.rows} rows)`);
  for (const goal of GOALS) {
    const value = figures[goal];
    const verdict = meetsGoal(goal, value) ? '' : '  NOT MET';
    console.log(`  ${REALISM_GOALS[goal].label.padEnd(22)} ${shown(goal, value).padStart(7)}  goal ${REALISM_GOALS[goal].goal}${verdict}`);
  }
  console.log(`  most repeated sentence: "${figures.repeated_sentence_text}"`);
  for (const example of figures.examples) console.log(`  - ${example}`);
}

const allConduct = addConductFigures(conduct);
console.log(`\nConduct checks on the demo agent's planted mistakes, all ${allConduct.rows} rows:`);
for (const line of conductLines(allConduct)) console.log(`  ${line}`);
/**
 * The share of each conduct plant the checks flagged under its own rule before issue 24 (main at c3e20dc, this
 * bench's rows and seed, measured with realism/plant-detection.ts). The style plants are for the style report.
 */
const DETECTION_BEFORE: Readonly<Record<string, number>> = {
  invented_reference: 1,
  success_after_failure: 1,
  claimed_without_call: 1,
  ignore_fault: 0.563,
  invented_identifier: 0.326,
  leak: 0.434,
};
const detection = allConduct.plants
  .filter((plant) => plant.kind in DETECTION_BEFORE && plant.planted > 0)
  .map((plant) => ({ kind: plant.kind, now: plant.flaggedAsPlanted / plant.planted, before: DETECTION_BEFORE[plant.kind]! }));
for (const { kind, now, before } of detection)
  console.log(`  ${kind.padEnd(26)} flagged ${percent(now)} now, ${percent(before)} before issue 24`);
const lowest = Math.min(...detection.map(({ now }) => now));

/** The worst domain of each share (the bench meets a goal only when every domain does); contradictions summed. */
const results: BenchResult[] = GOALS.map((goal) => {
  const bound: { most?: number; least?: number } = REALISM_GOALS[goal];
  const values = measured.map(({ figures }) => figures[goal]);
  const isCount = goal === 'contradictions';
  const worst = isCount
    ? values.reduce((sum, value) => sum + value, 0)
    : bound.least !== undefined
      ? Math.min(...values)
      : Math.max(...values);
  const reference = bound.least ?? bound.most ?? 0;
  return {
    name: `realism: ${REALISM_GOALS[goal].label}, ${isCount ? 'all' : 'worst'} of ${measured.length} domains`,
    measured: isCount ? worst : Number(worst.toFixed(4)),
    unit: isCount ? 'contradictions' : goal === 'distinct_2' ? '' : 'share',
    reference,
    reference_name: 'goal (issue 24)',
    ratio: reference === 0 ? null : Number((worst / reference).toFixed(3)),
    goal: REALISM_GOALS[goal].goal,
    met: meetsGoal(goal, worst),
  };
});
results.push({
  name: 'realism: planted conduct mistakes the conduct checks flag under their own rule, lowest kind',
  measured: Number(lowest.toFixed(4)),
  unit: 'share',
  reference: 1,
  reference_name: 'every plant',
  ratio: Number(lowest.toFixed(3)),
  goal: 'each kind within 2 points of its rate before issue 24, or above',
  met: detection.every(({ now, before }) => now >= before - 0.02),
});
console.log(`\n${JSON.stringify({ bench: 'realism', results })}`);
