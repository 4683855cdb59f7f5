/** `assistant` trains on every assistant turn; `final` only on the last one. */
export const MASK_MODES = ['assistant', 'final'] as const;
export type MaskMode = (typeof MASK_MODES)[number];

/** 1 for each trained assistant message, 0 for system, user, tool and masked assistant messages. */
export function lossMask(messages: readonly { role: string }[], mode: MaskMode): number[] {
  const mask = messages.map((message) => (message.role === 'assistant' ? 1 : 0));
  switch (mode) {
    case 'assistant':
      return mask;
    case 'final': {
      const last = mask.lastIndexOf(1);
      return mask.map((_, index) => (index === last ? 1 : 0));
    }
    default: {
      const unknown: never = mode;
      throw new Error(`unknown mask mode ${String(unknown)}`);
    }
  }
}
