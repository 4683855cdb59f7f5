import { samplePersona } from '../people/sample-persona';
import { renderProbe } from './probes';
import { renderSituation } from './render-situation';
import type { Wording } from './wording';

/** The offline wording: sampled people and template asks, no model involved. */
export const templateWording: Wording = {
  persona: (request) => samplePersona(request),
  situation: (request) => renderSituation(request),
  probe: (kind, request) => renderProbe(kind, request),
};
