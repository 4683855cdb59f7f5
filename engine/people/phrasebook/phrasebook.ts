/**
 * A domain's words, as its customers use them: what they call their records and numbers, how they ask for what each
 * tool does, why, and what their day looks like. Phrases use the grammar of speech/grammar.ts and the slots of
 * phrases/goals.ts; `<ref>` is a number of the kind the tool takes. Anything a phrasebook leaves out is said with
 * the generic phrases.
 */
export interface Phrasebook {
  /** How the person names a record of a kind ("my parcel"), by kind. */
  things?: Readonly<Record<string, readonly string[]>>;
  /** What they call its number ("order number"), by kind. */
  idNames?: Readonly<Record<string, readonly string[]>>;
  /** What they want, by tool name. */
  goals?: Readonly<Record<string, readonly string[]>>;
  /**
   * What they ask the agent to do, by tool name, as a verb phrase said after "could you" ("track <thing>"): composed
   * with many sentence frames (openers/composed-goal.ts). A tool with goals but no asks is said with its goals alone.
   */
  asks?: Readonly<Record<string, readonly string[]>>;
  /** Why they want it, by tool name. */
  reasons?: Readonly<Record<string, readonly string[]>>;
  /** A line about their day that fits the domain. */
  life?: readonly string[];
}
