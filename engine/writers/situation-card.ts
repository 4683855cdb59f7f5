import type { Persona, RowLineage, Situation, WriterArm } from '../../shared/domain';

/** What a writer proposes: a situation, the person in it and their opening ask. One card becomes one rollout. */
export interface SituationCard {
  situation: Situation;
  persona: Persona;
  /** The person's first message. */
  ask: string;
  arm: WriterArm;
  /** `template` for the offline writer, else the model that wrote the ask. */
  writer_model: string;
  phrasing_index: number;
  rollout_index: number;
  lineage: RowLineage;
}
