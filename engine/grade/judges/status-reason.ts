import type { NormalizedJudgeResult } from './normalize-judge-result';

function formatList(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : 'none';
}

function why(result: NormalizedJudgeResult): string {
  const meta = result.judge_meta;
  switch (result.judge_status) {
    case 'ok':
      return '';
    case 'missing_reward':
      return `returned no reward or score (keys: ${formatList(meta['returned_keys'])})`;
    case 'invalid_result':
      if ('reward_out_of_range' in meta) return `returned reward ${String(meta['reward_out_of_range'])}, outside [0, 1]`;
      if ('rating_out_of_scale' in meta) {
        return `returned rating ${String(meta['rating_out_of_scale'])}, outside its scale [${formatList(meta['scale'])}]`;
      }
      if ('reward_type' in meta) return `returned a reward of type ${String(meta['reward_type'])}, not a number`;
      return `returned ${String(meta['returned_type'] ?? 'something')}, not a number, a boolean or an object with a reward`;
    case 'error':
      return `failed: ${String(meta['error'] ?? 'unknown error')}`;
    case 'timeout': {
      const ms = meta['timeout_ms'];
      return typeof ms === 'number' ? `gave no answer within ${ms / 1000} s` : 'gave no answer in time';
    }
    default: {
      const unreachable: never = result.judge_status;
      return unreachable;
    }
  }
}

/** A sentence for a grade the judge could not give: what went wrong, plus the judge's own reason if it gave one. */
export function explainStatus(result: NormalizedJudgeResult, judgeName: string): string {
  const sentence = `judge ${judgeName} ${why(result)}; row left ungraded`;
  return result.reason === '' ? sentence : `${sentence} (judge said: ${result.reason})`;
}
