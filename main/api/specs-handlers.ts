import { checkSpec, draftFromSentence, specAxes, storedSpec } from '../services/runs/specs-service';
import type { HandlersOf } from './handler';

export const specsHandlers: HandlersOf<'specs'> = {
  'specs.draft': (_context, input) => draftFromSentence(input.sentence, input.seed),
  'specs.check': (_context, input) => checkSpec(input.spec),
  'specs.axes': (_context, input) => specAxes(input),
  'specs.get': (context, input) => storedSpec(context, input.spec_id),
};
