import { roundTo } from '../../../shared/domain/rounding';
import { REPORT_EXAMPLES } from '../constants';
import { isRecord, type LineProblem } from './line-problems';

/** The smallest set OpenAI accepts for a fine-tuning job. */
export const MIN_TRAINING_EXAMPLES = 10;

export interface FileCheckReport {
  n_lines: number;
  n_valid: number;
  n_invalid: number;
  /** Problem type -> how many times it occurred (the cookbook's error counts). */
  errors: Record<string, number>;
  /** Up to 20 problems with their 1-based line numbers. */
  examples: (LineProblem & { line: number })[];
  no_system: number;
  no_user: number;
  messages_per_example: { min: number; max: number; mean: number } | null;
  warnings: string[];
}

/** A FileCheck's counts, to carry a check made elsewhere (a worker thread) into this one. */
export interface FileCheckState {
  lines: number;
  invalid: number;
  errors: Record<string, number>;
  examples: (LineProblem & { line: number })[];
  noSystem: number;
  noUser: number;
  withMessages: number;
  messageTotal: number;
  messageMin: number;
  messageMax: number;
}

/** Validates lines one at a time and keeps only counts, so a file of any size is checked in constant memory. */
export class FileCheck {
  private lines = 0;
  private invalid = 0;
  private readonly errors: Record<string, number> = {};
  private readonly examples: (LineProblem & { line: number })[] = [];
  private noSystem = 0;
  private noUser = 0;
  private withMessages = 0;
  private messageTotal = 0;
  private messageMin = Number.POSITIVE_INFINITY;
  private messageMax = 0;

  constructor(private readonly validate: (line: unknown) => LineProblem[]) {}

  /** Checks one line (text or parsed) and returns its problems. */
  add(line: unknown): LineProblem[] {
    this.lines += 1;
    const problems = this.validate(line);
    this.countProblems(problems);
    this.countMessages(typeof line === 'string' ? safeParse(line) : line);
    return problems;
  }

  private countProblems(problems: readonly LineProblem[]): void {
    if (problems.length > 0) this.invalid += 1;
    for (const problem of problems) {
      this.errors[problem.type] = (this.errors[problem.type] ?? 0) + 1;
      if (this.examples.length < REPORT_EXAMPLES) this.examples.push({ ...problem, line: this.lines });
    }
  }

  /**
   * Counts a line known to pass the validator (see `cleanLineStats`) without checking it again: what `add` would
   * have recorded for it. `counted` false: the line has no `messages` list to count.
   */
  addClean(stats: { counted: boolean; messages: number; system: boolean; user: boolean }): void {
    this.lines += 1;
    if (stats.counted) this.countRoles(stats.messages, stats.system, stats.user);
  }

  /** `addClean` for a line whose problems are known without checking it again (a prepared line's: see prepared-line.ts). */
  addKnown(stats: { counted: boolean; messages: number; system: boolean; user: boolean }, problems: readonly LineProblem[]): void {
    this.addClean(stats);
    this.countProblems(problems);
  }

  private countMessages(value: unknown): void {
    const messages = isRecord(value) ? (value.messages ?? (isRecord(value.input) ? value.input.messages : undefined)) : undefined;
    if (!Array.isArray(messages)) return;
    let system = false;
    let user = false;
    for (const message of messages as unknown[]) {
      const role = isRecord(message) ? message.role : undefined;
      if (role === 'system') system = true;
      else if (role === 'user') user = true;
    }
    this.countRoles(messages.length, system, user);
  }

  private countRoles(length: number, system: boolean, user: boolean): void {
    if (!system) this.noSystem += 1;
    if (!user) this.noUser += 1;
    this.withMessages += 1;
    this.messageTotal += length;
    this.messageMin = Math.min(this.messageMin, length);
    this.messageMax = Math.max(this.messageMax, length);
  }

  state(): FileCheckState {
    return {
      lines: this.lines,
      invalid: this.invalid,
      errors: { ...this.errors },
      examples: [...this.examples],
      noSystem: this.noSystem,
      noUser: this.noUser,
      withMessages: this.withMessages,
      messageTotal: this.messageTotal,
      messageMin: this.messageMin,
      messageMax: this.messageMax,
    };
  }

  /** Adds the counts of lines checked elsewhere that come after this check's `lineOffset` lines in the same file. */
  absorb(state: FileCheckState, lineOffset: number): void {
    this.lines += state.lines;
    this.invalid += state.invalid;
    for (const [type, count] of Object.entries(state.errors)) this.errors[type] = (this.errors[type] ?? 0) + count;
    for (const example of state.examples) {
      if (this.examples.length < REPORT_EXAMPLES) this.examples.push({ ...example, line: example.line + lineOffset });
    }
    this.noSystem += state.noSystem;
    this.noUser += state.noUser;
    this.withMessages += state.withMessages;
    this.messageTotal += state.messageTotal;
    this.messageMin = Math.min(this.messageMin, state.messageMin);
    this.messageMax = Math.max(this.messageMax, state.messageMax);
  }

  report(): FileCheckReport {
    const warnings: string[] = [];
    // No line at all is an empty split, which the export names itself.
    if (this.lines > 0 && this.lines < MIN_TRAINING_EXAMPLES)
      warnings.push(
        `${this.lines} example${this.lines === 1 ? '' : 's'}: OpenAI needs at least ` +
          `${MIN_TRAINING_EXAMPLES} (it suggests starting with about 50)`,
      );
    if (this.noSystem > 0) warnings.push(`${this.noSystem} examples have no system message`);
    return {
      n_lines: this.lines,
      n_valid: this.lines - this.invalid,
      n_invalid: this.invalid,
      errors: { ...this.errors },
      examples: [...this.examples],
      no_system: this.noSystem,
      no_user: this.noUser,
      messages_per_example:
        this.withMessages === 0
          ? null
          : { min: this.messageMin, max: this.messageMax, mean: roundTo(this.messageTotal / this.withMessages, 2) },
      warnings,
    };
  }
}

function safeParse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
