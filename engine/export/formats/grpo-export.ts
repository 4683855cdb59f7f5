import { EMPTY_CONTEXT, type ExportInput, type RunContext } from '../export-input';
import { ExportRefusedError } from '../export-refused-error';
import { FileCheck, type FileCheckReport } from '../gates/file-check';
import { scrubPrivileged } from '../gates/scrub';
import type { RlGroup } from '../selection/rl-groups';
import { type RlSelectOptions, type RlSelectReport, selectForRl } from '../selection/select-rl';
import type { RowStream } from '../source';
import type { ExportStream } from './training-export';
import { validateTrlLine } from '../gates/validate-trl';

export interface GrpoExportOptions extends RlSelectOptions {
  validate?: boolean;
  /** Write the scenario keys beside the group statistics (default true). */
  carry?: boolean;
}

export interface GrpoReport {
  selection: RlSelectReport | null;
  n_written: number;
  line_check: FileCheckReport;
  warnings: string[];
}

/** The ask as a prompt-only conversation: the run's system prompt, then the first user turn. */
function promptMessages(input: ExportInput, context: RunContext): { role: string; content: string }[] {
  const firstUser = input.row.messages.find((message) => message.role === 'user');
  const prompt: { role: string; content: string }[] = [];
  if (context.system_prompt.trim() !== '') prompt.push({ role: 'system', content: context.system_prompt });
  prompt.push({ role: 'user', content: firstUser?.content ?? input.row.prompt });
  return prompt;
}

/**
 * A GRPO / RL prompt-only line per kept ask: `prompt` (system + user), `group_id`, `k`, `n0`, `n1`, reward mean and
 * std over the group, `calibration`; tools are the trainer's argument, not a column.
 */
export function grpoLine(group: RlGroup, context: RunContext, carry = true): Record<string, unknown> {
  const line: Record<string, unknown> = {
    prompt: promptMessages(group.first, context),
    group_id: group.group_id,
    k: group.k,
    n0: group.n0,
    n1: group.n1,
    reward_mean: group.reward_mean,
    reward_std: group.reward_std,
    calibration: group.calibration,
  };
  if (!carry) return line;
  const { situation } = group.first.row;
  return scrubPrivileged({
    ...line,
    prompt_text: group.first.row.prompt,
    scenario_id: situation.scenario_id,
    scenario_dimensions: situation.dimensions,
    world_state: situation.world_state,
    faults: situation.faults,
    fault_kind: group.fault_kind,
    rollout_ids: group.rollout_ids,
  });
}

/** GRPO export over groups of rows (each scenario's rows together): the RL selection, then one line per kept ask. */
export function exportGrpo(
  scenarios: RowStream<readonly ExportInput[]>,
  context: RunContext | null,
  options: GrpoExportOptions = {},
): ExportStream<GrpoReport> {
  const run = context ?? EMPTY_CONTEXT;
  const lineCheck = new FileCheck((line) => validateTrlLine(line, 'prompt_only'));
  let selection: RlSelectReport | null = null;
  let written = 0;
  const report = (): GrpoReport => ({
    selection,
    n_written: written,
    line_check: lineCheck.report(),
    warnings: [...(selection?.warnings ?? []), ...(context === null ? ['no run context: prompts go out without the system prompt'] : [])],
  });
  async function* lines(): AsyncGenerator<string> {
    const selected = await selectForRl(scenarios, options);
    selection = selected.report;
    for (const group of selected.groups) {
      const line = grpoLine(group, run, options.carry ?? true);
      lineCheck.add(line);
      written += 1;
      yield JSON.stringify(line);
    }
    if ((options.validate ?? true) && lineCheck.report().n_invalid > 0) {
      throw new ExportRefusedError({ reasons: [`${lineCheck.report().n_invalid} lines break the prompt-only format`], report: report() });
    }
  }
  return { lines: lines(), report };
}
