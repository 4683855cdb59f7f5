import { round4 } from '../../../shared/domain/rounding';
import { hashInt } from '../../seeded';
import { DECONTAM_NGRAM, DIFFICULTY_BAND, ENV_HOLDOUT_FRACTION } from '../constants';
import { type ContaminationHit, Decontaminator } from '../decontamination/decontaminate';
import type { ExportInput } from '../export-input';
import { normaliseForMatch } from '../decontamination/ngrams';
import { scrubPrivileged } from '../gates/scrub';
import { sha1Hex } from '../sha1';
import type { RowStream } from '../source';
import { splitBucket } from '../selection/splits';

/** One line of `data/<split>.jsonl`: the ask, what the world and reward need (never shown to the model), and its id. */
export interface EnvironmentTask {
  prompt: { role: 'user'; content: string }[];
  info: Record<string, unknown>;
  example_id: string;
}

export interface BuildTasksOptions {
  /** Share of scenarios in the holdout split (default 0.2), unless `holdout_prompts` names them. */
  holdout?: number;
  /** Prompts that go to holdout (compared normalised); when given, the hash split is not used. */
  holdout_prompts?: readonly string[];
  /** Pass-rate band a graded task must fall in (inclusive); null keeps every task. */
  band?: readonly [number, number] | null;
  ngram?: number;
}

export interface TaskDecontamination {
  n_contaminated: number;
  contamination_rate: number | null;
  ngram: number;
  examples: ContaminationHit[];
}

export interface BuiltTasks {
  train: EnvironmentTask[];
  holdout: EnvironmentTask[];
  /** Distinct prompts read. */
  prompts: number;
  /** Tasks kept after the band. */
  tasks: number;
  graded_prompts: number;
  graded_mixed: number;
  band: [number, number] | null;
  band_dropped: number;
  decontamination: TaskDecontamination;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

interface Draft {
  first: ExportInput;
  prompt: string;
  labels: number[];
}

function taskOf(draft: Draft): { task: EnvironmentTask; rate: number | null; mixed: boolean } {
  const { row } = draft.first;
  const scenarioId = row.situation.scenario_id;
  const exampleId = sha1Hex(`${scenarioId}\n${draft.prompt}`).slice(0, 12);
  const info: Record<string, unknown> = {
    task_id: exampleId,
    scenario_id: scenarioId,
    seed: hashInt(`world:${exampleId}`, 2 ** 31),
    world_state: row.situation.world_state,
    faults: row.situation.faults,
    scenario_dimensions: row.situation.dimensions,
    stance: row.persona.stance,
    history: row.situation.dimensions.history,
    tool_condition: row.situation.dimensions.tool_condition,
  };
  const labels = draft.labels;
  const rate = labels.length === 0 ? null : round4(labels.reduce((total, value) => total + value, 0) / labels.length);
  const mixed = labels.length >= 2 && Math.min(...labels) < Math.max(...labels);
  if (labels.length >= 2) info.calibration = { pass_rate: rate, n: labels.length };
  return { task: { prompt: [{ role: 'user', content: draft.prompt }], info: scrubPrivileged(info), example_id: exampleId }, rate, mixed };
}

/**
 * `build_tasks`: one task per distinct stripped prompt with its rewards as labels (clamped to [0, 1], partial
 * credit kept); tasks with >= 2 labels carry `calibration` and are dropped when their rate is outside the band.
 * The split hashes the scenario id (a scenario is wholly on one side) unless holdout prompts are named; train
 * tasks that near-copy a holdout task are dropped.
 */
export async function buildTasks(rows: RowStream<ExportInput>, options: BuildTasksOptions = {}): Promise<BuiltTasks> {
  const drafts = new Map<string, Draft>();
  for await (const input of rows as AsyncIterable<ExportInput>) {
    const prompt = input.row.prompt.trim();
    if (prompt === '') continue;
    let draft = drafts.get(prompt);
    if (!draft) drafts.set(prompt, (draft = { first: input, prompt, labels: [] }));
    if (input.reward !== null && Number.isFinite(input.reward)) draft.labels.push(clamp(input.reward));
  }
  const band =
    options.band === undefined
      ? ([...DIFFICULTY_BAND] as [number, number])
      : options.band === null
        ? null
        : ([...options.band] as [number, number]);
  const named = options.holdout_prompts ? new Set(options.holdout_prompts.map(normaliseForMatch)) : null;
  const fraction = options.holdout ?? ENV_HOLDOUT_FRACTION;
  const train: EnvironmentTask[] = [];
  const holdout: EnvironmentTask[] = [];
  let graded = 0;
  let mixedCount = 0;
  let bandDropped = 0;
  const ordered = [...drafts.values()].map(taskOf).sort((a, b) => (a.task.example_id < b.task.example_id ? -1 : 1));
  for (const { task, rate, mixed } of ordered) {
    if (rate !== null) graded += 1;
    if (mixed) mixedCount += 1;
    const calibrated = (task.info.calibration as { n: number } | undefined) !== undefined;
    if (band && calibrated && rate !== null && (rate < band[0] || rate > band[1])) {
      bandDropped += 1;
      continue;
    }
    const scenarioId = String(task.info.scenario_id);
    const isHoldout = named
      ? named.has(normaliseForMatch(task.prompt[0]!.content))
      : splitBucket(scenarioId || task.prompt[0]!.content) < fraction;
    (isHoldout ? holdout : train).push(task);
  }
  const ngram = options.ngram ?? DECONTAM_NGRAM;
  const checker = new Decontaminator(
    holdout.map((task) => ({ prompt: task.prompt[0]!.content, task_id: String(task.info.scenario_id) })),
    { n: ngram },
  );
  const keptTrain = train.filter(
    (task, index) => checker.check({ text: task.prompt[0]!.content, task_id: String(task.info.scenario_id) }, index) === null,
  );
  const report = checker.report();
  return {
    train: keptTrain,
    holdout,
    prompts: drafts.size,
    tasks: keptTrain.length + holdout.length,
    graded_prompts: graded,
    graded_mixed: mixedCount,
    band,
    band_dropped: bandDropped,
    decontamination: {
      n_contaminated: report.n_contaminated,
      contamination_rate: report.contamination_rate,
      ngram,
      examples: report.examples.slice(0, 3),
    },
  };
}
