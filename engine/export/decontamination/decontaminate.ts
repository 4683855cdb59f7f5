import { round4 } from '../../../shared/domain/rounding';
import { DECONTAM_NGRAM, DECONTAM_OVERLAP, REPORT_EXAMPLES, SEMANTIC_SIMILARITY } from '../constants';
import { NgramIndex, normaliseForMatch, wordsOf } from './ngrams';

/** A row to check: its text (the `prompt`, else its first user message) and its task id, if any. */
export interface DecontaminationRow {
  text: string;
  task_id?: string | null;
}

/** An evaluation row: its prompt plus `answer` and `reference` when present (never its final reply). */
export interface EvalRow {
  prompt: string;
  answer?: string | null;
  reference?: string | null;
  task_id?: string | null;
}

export type ContaminationRule = 'same_task' | 'exact' | 'near' | 'semantic';

export interface ContaminationHit {
  index: number;
  field: string;
  match: ContaminationRule;
  coverage?: number;
  similarity?: number;
  task: string | null;
  eval_prompt: string;
}

export interface DecontaminationOptions {
  n?: number;
  overlap?: number;
  /** Optional text embedder for the semantic rule; without one, paraphrases are not caught. */
  embed?: (text: string) => readonly number[];
  similarity?: number;
}

export interface DecontaminationReport {
  n: number;
  n_kept: number;
  n_contaminated: number;
  contamination_rate: number | null;
  n_same_task: number;
  n_exact: number;
  n_near: number;
  n_semantic: number;
  n_eval_rows: number;
  n_eval_texts: number;
  ngram: number;
  overlap: number;
  similarity: number | null;
  fields: string[];
  by_field: Record<string, number>;
  examples: ContaminationHit[];
  rules_skipped: Partial<Record<ContaminationRule, string>>;
  notes: string[];
}

interface EmbeddedPrompt {
  vector: number[];
  task: string | null;
  prompt: string;
}

const EXAMPLE_CHARS = 200;
const P99_MAX_PROMPTS = 300;

const clip = (text: string) => (text.length > EXAMPLE_CHARS ? `${text.slice(0, EXAMPLE_CHARS)}…` : text);

function unit(vector: readonly number[]): number[] {
  const length = Math.sqrt(vector.reduce((total, value) => total + value * value, 0));
  return length === 0 ? vector.map(() => 0) : vector.map((value) => value / length);
}
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((total, value, index) => total + value * (b[index] ?? 0), 0);

/**
 * `decontaminate` row by row against an evaluation set held in memory. Rules in order, first hit wins:
 * `same_task` (the row's task id is an eval row's), `exact` (normalised text equals an eval text), `near`
 * (8-grams shared with one eval text cover >= overlap of the row's word positions; rows shorter than n words
 * only match exactly), `semantic` (with an embedder: cosine >= similarity to an eval prompt of another task).
 */
export class Decontaminator {
  private readonly n: number;
  private readonly overlap: number;
  private readonly similarity: number;
  private readonly texts: { text: string; task: string | null; prompt: string }[] = [];
  private readonly exact = new Map<string, number>();
  private readonly index: NgramIndex;
  private readonly taskPrompts = new Map<string, string>();
  private readonly evalRows: number;
  private readonly prompts: EmbeddedPrompt[] = [];
  private readonly counts = { rows: 0, withTask: 0, same_task: 0, exact: 0, near: 0, semantic: 0 };
  private readonly examples: ContaminationHit[] = [];

  constructor(
    against: readonly EvalRow[],
    private readonly options: DecontaminationOptions = {},
  ) {
    this.n = options.n ?? DECONTAM_NGRAM;
    this.overlap = options.overlap ?? DECONTAM_OVERLAP;
    this.similarity = options.similarity ?? SEMANTIC_SIMILARITY;
    this.evalRows = against.length;
    for (const row of against) {
      const task = row.task_id ?? null;
      if (task !== null && !this.taskPrompts.has(task)) this.taskPrompts.set(task, row.prompt);
      for (const text of [row.prompt, row.answer, row.reference]) {
        if (typeof text !== 'string' || text.trim() === '') continue;
        const normal = normaliseForMatch(text);
        if (this.exact.has(normal)) continue;
        this.exact.set(normal, this.texts.length);
        this.texts.push({ text, task, prompt: row.prompt });
      }
      if (options.embed && row.prompt.trim() !== '')
        this.prompts.push({ vector: unit(options.embed(row.prompt)), task, prompt: row.prompt });
    }
    this.index = new NgramIndex(
      this.texts.map((entry) => entry.text),
      this.n,
    );
  }

  /** The first rule the row breaks, or null when it is clean. `index` is the row's position, for the report. */
  check(row: DecontaminationRow, index: number): ContaminationHit | null {
    this.counts.rows += 1;
    const task = row.task_id ?? null;
    if (task !== null) this.counts.withTask += 1;
    const hit = this.firstHit(row.text, task, index);
    if (hit) {
      this.counts[hit.match] += 1;
      if (this.examples.length < REPORT_EXAMPLES) this.examples.push(hit);
    }
    return hit;
  }

  private firstHit(text: string, task: string | null, index: number): ContaminationHit | null {
    const base = { index, field: 'prompt' };
    if (task !== null && this.taskPrompts.has(task)) {
      return { ...base, match: 'same_task', task, eval_prompt: clip(this.taskPrompts.get(task)!) };
    }
    const exact = this.exact.get(normaliseForMatch(text));
    if (exact !== undefined) {
      const entry = this.texts[exact]!;
      return { ...base, match: 'exact', task: entry.task, eval_prompt: clip(entry.prompt) };
    }
    const cover = this.index.cover(wordsOf(text));
    if (cover && (this.overlap <= 0 ? cover.covered > 0 : cover.coverage >= this.overlap)) {
      const entry = this.texts[cover.index]!;
      return {
        ...base,
        match: 'near',
        coverage: round4(cover.coverage),
        task: entry.task,
        eval_prompt: clip(entry.prompt),
      };
    }
    if (this.options.embed && this.prompts.length > 0) {
      const vector = unit(this.options.embed(text));
      let best: { similarity: number; entry: EmbeddedPrompt } | null = null;
      for (const entry of this.prompts) {
        if (task !== null && entry.task === task) continue;
        const similarity = dot(vector, entry.vector);
        if (!best || similarity > best.similarity) best = { similarity, entry };
      }
      if (best && best.similarity >= this.similarity) {
        return {
          ...base,
          match: 'semantic',
          similarity: round4(best.similarity),
          task: best.entry.task,
          eval_prompt: clip(best.entry.prompt),
        };
      }
    }
    return null;
  }

  report(): DecontaminationReport {
    const contaminated = this.counts.same_task + this.counts.exact + this.counts.near + this.counts.semantic;
    const rulesSkipped: Partial<Record<ContaminationRule, string>> = {};
    if (this.taskPrompts.size === 0) rulesSkipped.same_task = 'no eval row carries a task id';
    else if (this.counts.withTask === 0 && this.counts.rows > 0) rulesSkipped.same_task = 'no training row carries a task id';
    const notes: string[] = [];
    if (!this.options.embed) {
      rulesSkipped.semantic = 'no embedder';
      notes.push('without an embedder paraphrases are not caught: only same-task, exact and n-gram copies are');
    } else if (this.prompts.length === 0) {
      rulesSkipped.semantic = 'no eval prompts';
    } else {
      const p99 = this.distinctTaskP99();
      if (p99 !== null)
        notes.push(`99th percentile cosine between eval prompts of different tasks: ${p99} (how alike distinct tasks read)`);
    }
    return {
      n: this.counts.rows,
      n_kept: this.counts.rows - contaminated,
      n_contaminated: contaminated,
      contamination_rate: this.counts.rows === 0 ? null : round4(contaminated / this.counts.rows),
      n_same_task: this.counts.same_task,
      n_exact: this.counts.exact,
      n_near: this.counts.near,
      n_semantic: this.counts.semantic,
      n_eval_rows: this.evalRows,
      n_eval_texts: this.texts.length,
      ngram: this.n,
      overlap: this.overlap,
      similarity: this.options.embed ? this.similarity : null,
      fields: ['prompt'],
      by_field: { prompt: contaminated },
      examples: [...this.examples],
      rules_skipped: rulesSkipped,
      notes,
    };
  }

  private distinctTaskP99(): number | null {
    const prompts = this.prompts.slice(0, P99_MAX_PROMPTS);
    const values: number[] = [];
    for (let a = 0; a < prompts.length; a++) {
      for (let b = a + 1; b < prompts.length; b++) {
        if (prompts[a]!.task !== null && prompts[a]!.task === prompts[b]!.task) continue;
        values.push(dot(prompts[a]!.vector, prompts[b]!.vector));
      }
    }
    if (values.length === 0) return null;
    values.sort((x, y) => x - y);
    return round4(values[Math.min(values.length - 1, Math.floor(0.99 * (values.length - 1)))]!);
  }
}

/** `decontaminate(rows, against)` over a list: the rows that pass every rule, and the report. */
export function decontaminate<T>(
  rows: readonly T[],
  against: readonly EvalRow[],
  options: DecontaminationOptions & { textOf: (row: T) => DecontaminationRow },
): { kept: T[]; dropped: { row: T; hit: ContaminationHit }[]; report: DecontaminationReport } {
  const checker = new Decontaminator(against, options);
  const kept: T[] = [];
  const dropped: { row: T; hit: ContaminationHit }[] = [];
  rows.forEach((row, index) => {
    const hit = checker.check(options.textOf(row), index);
    if (hit) dropped.push({ row, hit });
    else kept.push(row);
  });
  return { kept, dropped, report: checker.report() };
}
