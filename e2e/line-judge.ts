import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a module judge into `scratch` that fails every third row (ordinals 0, 3, 6...), so both verdicts occur, and
 * returns its path for `wai grade --judge module:<path>`.
 */
export function writeLineJudge(scratch: string): string {
  const judge = join(scratch, 'line-judge.mjs');
  writeFileSync(
    judge,
    `export default function judge(row) {\n  const fails = row.ordinal % 3 === 0;\n  return { reward: fails ? 0 : 1, reason: fails ? 'It never confirmed the amount.' : 'It confirmed before acting.' };\n}\n`,
  );
  return judge;
}
