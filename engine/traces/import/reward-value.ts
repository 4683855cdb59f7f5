/** A reward as sources write it: a number or numeric string in [0, 1], or true/false. */
export function readRewardValue(value: unknown): { ok: true; value: number } | { ok: false; message: string } {
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return { ok: false, message: `reward must be a number in [0, 1], got ${JSON.stringify(value)}` };
  if (number < 0 || number > 1) return { ok: false, message: `reward must be in [0, 1], got ${number}` };
  return { ok: true, value: number };
}
