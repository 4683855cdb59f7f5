import type { ExportInput } from '../export-input';
import { refundInput } from './refund-rows';

export interface RefundPagesData {
  /** Every `leakEvery`-th row quotes privileged text (0: none). */
  leakEvery?: number;
}

/** Row `index` of the refund fixture export: the same rows the bench and the parallel tests read, page by page. */
export function refundRowAt(index: number, data: RefundPagesData = {}): ExportInput {
  return refundInput({
    id: `row-${index}`,
    scenario_id: `sc-${index % 5000}`,
    rollout_index: index % 4,
    reward: index % 3 === 0 ? 0 : 1,
    leak: data.leakEvery ? index % data.leakEvery === data.leakEvery - 1 : false,
  });
}

/** The RowPageModule a worker thread loads: rows [start, end). */
export function* rowPage(data: RefundPagesData, start: number, end: number): Generator<ExportInput> {
  for (let index = start; index < end; index++) yield refundRowAt(index, data);
}
