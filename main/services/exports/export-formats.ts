/** The export formats a person picks from, as the dialog and `wai export` list them. */
export const EXPORT_FORMAT_INFO = [
  {
    format: 'openai',
    kind: 'sft',
    label: 'OpenAI-compatible (Together/Fireworks/Azure)',
    description:
      'messages and tools, as OpenAI reads them: arguments as JSON strings, a 0/1 weight per assistant turn. ' +
      'The grade and lineage go to data/<split>.meta.jsonl.',
  },
  {
    format: 'trl',
    kind: 'sft',
    label: 'TRL conversational (Hugging Face)',
    description: 'messages and tools, as TRL reads them: arguments as objects. The grade and lineage go to data/<split>.meta.jsonl.',
  },
  {
    format: 'dpo-openai',
    kind: 'dpo',
    label: 'OpenAI-compatible preference pairs (Together/Fireworks/Azure)',
    description: 'input / preferred_output / non_preferred_output, one assistant message per side.',
  },
  { format: 'dpo-trl', kind: 'dpo', label: 'TRL preference pairs', description: 'prompt (shared prefix) / chosen / rejected.' },
  {
    format: 'dpo-full',
    kind: 'dpo',
    label: 'Full-conversation preference pairs',
    description: 'prompt text with both whole conversations.',
  },
  {
    format: 'grpo',
    kind: 'grpo',
    label: 'GRPO / RL prompts (TRL prompt-only)',
    description: 'One prompt per ask in the 20-80% band, with its group statistics; unanimous groups dropped.',
  },
] as const;

export function exportFormats() {
  return EXPORT_FORMAT_INFO.map((info) => ({ ...info }));
}

export type ExportFormat = (typeof EXPORT_FORMAT_INFO)[number]['format'];

/** What a format trains: sft, dpo or grpo (the dataset card says so). */
export function formatKind(format: ExportFormat): (typeof EXPORT_FORMAT_INFO)[number]['kind'] {
  return EXPORT_FORMAT_INFO.find((info) => info.format === format)!.kind;
}
