import { randomBytes } from 'node:crypto';

/** A readable, time-sortable id such as `run_mbx1k2p0_4f9a2c`. */
export function newId(prefix: 'run' | 'spec' | 'export' | 'import' | 'grade'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}
