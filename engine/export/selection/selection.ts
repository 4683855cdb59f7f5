import { isFailure, isFullPass } from '../../../shared/domain/verdict';
import { type DecontaminationOptions, type DecontaminationReport, decontaminate, type EvalRow } from '../decontamination/decontaminate';
import { type ExportFormat, type ExportOptions, type ExportReport, exportRows } from '../export-formats';
import { type ExportInput, type RunContext, scenarioOf } from '../export-input';
import type { RlGroup } from './rl-groups';
import { type RlSelectOptions, type RlSelectReport, selectForRl } from './select-rl';
import { selectForSft, type SftSelectOptions, type SftSelectReport } from './select-sft';
import { groupBy } from '../source';
import { type SplitFractions, type SplitName, splitOf } from './splits';
import type { ExportStream } from '../formats/training-export';

/**
 * Rows picked for export (a filter, a selection, passes only, a coverage cell, a whole run) together with the
 * run's system prompt and tool schemas, so whatever it exports carries both. Every method returns a new
 * selection with the same context. `context` null means unknown (a plain list): exports then warn.
 */
export class Selection {
  private constructor(
    readonly rows: readonly ExportInput[],
    readonly context: RunContext | null,
  ) {}

  static of(rows: readonly ExportInput[], context: RunContext | null = null): Selection {
    return new Selection([...rows], context);
  }

  get size(): number {
    return this.rows.length;
  }

  filter(predicate: (input: ExportInput, index: number) => boolean): Selection {
    return new Selection(this.rows.filter(predicate), this.context);
  }

  slice(start?: number, end?: number): Selection {
    return new Selection(this.rows.slice(start, end), this.context);
  }

  /** Full passes only (the SDK's `passes()`: reward exactly 1). */
  passes(): Selection {
    return this.filter((input) => input.reward !== null && isFullPass(input.reward));
  }

  failures(): Selection {
    return this.filter((input) => isFailure(input.reward));
  }

  /** 0 < reward < 1. */
  partials(): Selection {
    return this.filter((input) => input.reward !== null && input.reward > 0 && input.reward < 1);
  }

  unjudged(): Selection {
    return this.filter((input) => input.reward === null);
  }

  /** lo <= reward <= hi. */
  byRewardRange(lo: number, hi: number): Selection {
    return this.filter((input) => input.reward !== null && input.reward >= lo && input.reward <= hi);
  }

  /** The rows whose scenario hashes into `split` (a scenario is wholly in one split). */
  split(split: SplitName, fractions: SplitFractions = {}): Selection {
    return this.filter((input) => splitOf(scenarioOf(input), fractions) === split);
  }

  /** Rows grouped by scenario, in order of first appearance. */
  scenarios(): ExportInput[][] {
    return groupBy(this.rows, scenarioOf);
  }

  forSft(options: SftSelectOptions = {}): { selection: Selection; report: SftSelectReport } {
    const { selected, report } = selectForSft(this.rows, options);
    return { selection: new Selection(selected, this.context), report };
  }

  /** RL selection: whole asks kept; `selection` holds every row of the kept asks. */
  async forRl(options: RlSelectOptions = {}): Promise<{ selection: Selection; groups: RlGroup[]; report: RlSelectReport }> {
    const { groups, report } = await selectForRl(this.scenarios(), options);
    const kept = new Set(groups.flatMap((group) => group.rollout_ids));
    return { selection: this.filter((input) => kept.has(input.row.rollout_id)), groups, report };
  }

  /** Drops rows that copy an evaluation set (same task, exact, 8-gram near copy; semantic with an embedder). */
  decontaminate(
    against: readonly EvalRow[],
    options: DecontaminationOptions = {},
  ): { selection: Selection; report: DecontaminationReport } {
    const { kept, report } = decontaminate(this.rows, against, {
      ...options,
      textOf: (input) => ({ text: input.row.prompt, task_id: scenarioOf(input) }),
    });
    return { selection: new Selection(kept, this.context), report };
  }

  /** The lines of one export and its report; write them with `writeJsonl`. */
  export(options: ExportOptions | { format: ExportFormat }): ExportStream<ExportReport> {
    return exportRows(this.rows, this.context, { ...options, sorted_by_scenario: false });
  }
}

/** `select(rows, context)`: a selection carrying the run's system prompt and tools (omit them only when unknown). */
export const select = (rows: readonly ExportInput[], context: RunContext | null = null): Selection => Selection.of(rows, context);
