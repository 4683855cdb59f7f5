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
  /** Row-level degraded codes the card brings (`generator_fallback` when a model writer failed and the template wrote it). */
  degraded?: string[];
  /** The model writer's error when the template took over, for `search.writer_errors`. */
  writer_error?: string;
  /**
   * A model writer's wording, run when the card is about to roll out (so a resumed run never pays for rows it
   * already has); memoised, so every repeat of the card gets the same words.
   */
  reword?: () => Promise<CardWording>;
}

/** What a model writer changes on a card: the words, who wrote them, and whether the template had to step in. */
export type CardWording = Pick<SituationCard, 'ask' | 'writer_model' | 'degraded' | 'writer_error'>;
