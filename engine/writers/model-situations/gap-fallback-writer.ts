import { pairsOf } from '../../coverage/pairwise-coverage';
import { gapCell } from '../gap-cell';
import { situationCards } from '../structured-writer';
import type { Wording } from '../wording';
import type { Writer } from '../writer';

/**
 * What writes the model's batch when the simulator model fails: template cards aimed at the planned pairs the run has
 * not produced yet (the model writer marks them `generator_fallback`). It runs dry once every planned pair is covered.
 */
export function createGapFallbackWriter(wording: Wording): Writer {
  return {
    arm: 'llm_guided',
    model: 'template',
    async propose(request) {
      const taken = new Set<string>();
      const situations = [];
      for (let index = 0; index < request.count; index++) {
        const cell = gapCell(request, taken);
        if (!cell) break;
        for (const pair of pairsOf(cell.dimensions)) taken.add(pair);
        situations.push(situationCards(cell, 'llm_guided', request, wording));
      }
      return situations;
    },
  };
}
