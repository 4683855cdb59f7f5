import { ENV_EVAL_EXAMPLES, ENV_EVAL_ROLLOUTS, VERIFIERS_REQUIREMENT } from '../constants';
import type { BuiltTasks } from './build-tasks';
import { distributionName } from './environment-name';

export interface ReadmeInput {
  name: string;
  description: string;
  tasks: BuiltTasks;
  tools: readonly { name: string; description: string }[];
  max_turns: number;
  reward: string;
  execute: string | null;
  world: Record<string, unknown>;
  warnings: readonly string[];
}

export function environmentReadme(input: ReadmeInput): string {
  const { tasks } = input;
  const dist = distributionName(input.name);
  const band = tasks.band ? `[${tasks.band[0]}, ${tasks.band[1]}]` : 'off';
  const worldKeys = Object.keys(input.world);
  return [
    `# ${dist}`,
    '',
    input.description,
    '',
    '## Overview',
    '',
    `A multi-turn tool-use environment for [verifiers](https://github.com/PrimeIntellect-ai/verifiers) (\`${VERIFIERS_REQUIREMENT}\`, ` +
      '`import verifiers as vf`: `load_environment` and `vf-eval`), exported by While Studio.',
    'Each task is the opening user turn of a simulated conversation. Tool calls are answered by a mock world seeded',
    "per task (the task's world state and scheduled faults), so every rollout of a task meets the same world.",
    '`info` (scenario, seed, world state, faults, calibration) is read by the world and the reward; it never enters the prompt.',
    '',
    '## Splits',
    '',
    '| split | tasks | file |',
    '|---|---|---|',
    `| train | ${tasks.train.length} | \`${input.name}/data/train.jsonl\` |`,
    tasks.holdout.length > 0
      ? `| holdout (eval_dataset) | ${tasks.holdout.length} | \`${input.name}/data/holdout.jsonl\` |`
      : '| holdout (eval_dataset) | 0 | none: no file is written, and `vf-eval` falls back to the train tasks |',
    '',
    `- Difficulty band ${band}: ${tasks.band_dropped} tasks whose measured pass rate fell outside it ` +
      `were dropped (${tasks.graded_prompts} graded prompts, ${tasks.graded_mixed} with both passes ` +
      `and failures).`,
    `- Train vs holdout ${tasks.decontamination.ngram}-gram overlap: ` +
      `${tasks.decontamination.n_contaminated} train tasks near-copied a holdout task and were dropped.`,
    '- Splits hash the scenario id, so a scenario is wholly on one side.',
    '',
    '## Tools',
    '',
    ...input.tools.map((tool) => `- \`${tool.name}\`: ${tool.description || '(no description)'}`),
    '',
    'The model is offered these tools as `tool_defs` (their JSON Schemas from `spec.json`, exactly as exported); its calls',
    'arrive as `ToolCall{id, name, arguments}` and each gets one tool message with the answer as JSON text. A rollout',
    'ends when the model answers without a tool call, or at the turn cap.',
    '',
    `Turn cap: ${input.max_turns} (\`max_turns\`). A rollout cut at the turn or token cap gets reward 0.`,
    '',
    '## World',
    '',
    worldKeys.length === 0
      ? 'Default dials.'
      : `Dials in \`spec.json\` under \`world\`: ${worldKeys.join(', ')}. Override with \`load_environment(world={...})\`.`,
    input.execute ? `Calls go to \`${input.execute}\` instead of the mock world.` : 'Calls are answered by the mock world in `world.py`.',
    '',
    '## Rubric',
    '',
    `- reward (weight 1.0): \`${input.reward}\`; a reward that raises scores 0 and sets \`judge_ok\` to 0.`,
    '- logged at weight 0: `n_calls`, `judge_ok`, `truncated`, `trace_clean`.',
    '',
    '## Quickstart',
    '',
    '```bash',
    'pip install -e .            # or: prime env install . / vf-install',
    `vf-eval ${dist} -m <model>     # -n ${ENV_EVAL_EXAMPLES} -r ${ENV_EVAL_ROLLOUTS} by default`,
    '```',
    '',
    `\`vf-eval\`'s defaults (\`num_examples\`, \`rollouts_per_example\`) are in \`${input.name}/pyproject.toml\`: verifiers reads`,
    "`[tool.verifiers.eval]` from the module's own folder, not from the project's pyproject.toml.",
    '',
    '```python',
    `from ${input.name} import load_environment`,
    'env = load_environment()            # split="train"; the holdout becomes eval_dataset',
    '```',
    '',
    '`verifiers` (and `datasets`) are imported inside `load_environment`, so the package imports, and its world and',
    'reward can be tested, without them. Arguments: `spec` (path or dict), `split`, `reward` and `execute`',
    '(`module:attr` or a callable), `world` (dials), `max_turns`; anything else goes to the environment.',
    '',
    'No environment variables are required.',
    '',
    '## Warnings',
    '',
    ...(input.warnings.length === 0 ? ['None.'] : input.warnings.map((warning) => `- ${warning}`)),
    '',
  ].join('\n');
}
