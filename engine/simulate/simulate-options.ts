import type { Dimensions, FaultPlan, Mode, RepeatPolicy, Row, Situation, Spec, ToolSpec, Until } from '../../shared/domain';
import type { AgentUnderTest } from '../agents/agent';
import type { ConductVerdict } from '../grade/conduct/conduct-grade';
import type { SimulatedUser } from '../people/simulated-user';
import type { RolloutLimits } from '../rollout/run-rollout';
import type { ReplayTask } from '../traces/replay-writer';
import type { TraceAim } from '../traces/trace-aim';
import type { World } from '../world/world';
import type { PeopleSettings, Writer } from '../writers/writer';
import type { LoopGrade, LoopGrader } from './loop-grader';
import type { WorldPerson } from '../world/payloads/person-record';

export interface WorldFactoryOptions {
  seed: number;
  tools: readonly ToolSpec[];
  world_state: string;
  faults: Record<string, FaultPlan>;
  known_ids: readonly string[];
  result_shapes: Record<string, unknown>;
  /** Who the simulated person is: a search by their own name finds their record. */
  person?: WorldPerson;
  /** The tool the situation is about (its `tool` axis value): what a record "already acted on" had done to it. */
  asked_tool?: string;
}

export interface SimulateOptions {
  spec: Spec;
  seed: number;
  /** Row cap. */
  budget: number;
  /**
   * When to stop before the budget (default `compute`: never): `saturation` once every planned cell has its copies
   * or coverage plateaus; `first` once every planned pair is covered or coverage plateaus. A replay ignores it.
   */
  until?: Until;
  /**
   * What the budget is spent on (default `explore`). Its defaults fill `phrasings`, `repeats`, `fault_rate`,
   * `prefer_success` and `repeat_policy` where they are unset (`MODE_PRESETS`); a value given here always wins.
   */
  mode?: Mode;
  /** How each prompt's k rollouts are spent (default: the mode's). */
  repeat_policy?: RepeatPolicy;
  /**
   * Seconds the run may take, on `clock`: it stops after the batch in which they ran out (`time_budget`). Where it
   * stops depends on the machine; the rows before it do not.
   */
  time_budget?: number;
  /** N: stop once this many situations have all their rollouts. */
  situations?: number;
  /** n wordings per situation (default: the mode's). */
  phrasings?: number;
  /** k rollouts per wording (default: the mode's). */
  repeats?: number;
  /** Keep share of fault-tagged cells (default: the mode's, 0.5; 0.8 in rl). */
  fault_rate?: number;
  /** Flip nine in ten fault cells to success on a cold start (default: the mode's; off in rl). */
  prefer_success?: boolean;
  /** Fix these axis values in every planned cell ("fill this cell"); writers keep them or stand down. */
  aim?: Partial<Dimensions>;
  /** Aimed at production traces (`simulate(traces=...)`): steer the grid at their failing situations, drop near copies. */
  trace_aim?: TraceAim;
  /** An earlier run's task set (`tasks=`): exactly those situations and prompts are run again; stops `tasks_done`. */
  replay?: readonly ReplayTask[];
  concurrency: number;
  agent: AgentUnderTest;
  /** The simulated person for one situation (the template user reads the coordinate it plays in). */
  createUser(situation: Situation): SimulatedUser;
  /** One writer per arm; an arm without a writer gets no budget. */
  writers: readonly Writer[];
  createWorld(options: WorldFactoryOptions): World;
  /**
   * The in-loop conduct verdict, when the run has no grader: failures feed the mutation arm and the repeat policies,
   * and the verdict comes with its row event, so storing the row does not check it again.
   */
  conduct(row: Row): ConductVerdict;
  /**
   * The run's grader (SDK `grader=`): it grades every row as it lands, inside the rollout pool, and its reward is the
   * in-loop reward instead of the conduct checks'. Each new grade comes with its row event, to be stored.
   */
  grader?: LoopGrader;
  /** Who the people are: `hard_share`, `patience`, and `avg_turns` (the person's turn cap and the delivered check). */
  people?: PeopleSettings & { avg_turns?: number };
  signature(row: Row): string;
  privileged(row: Pick<Row, 'situation'>): Record<string, string>;
  /**
   * Rows already stored for this run, by ordinal: a resumed run replays them instead of rolling out again, with the
   * grade the run's grader stored for each (a row without one is graded again).
   */
  resume?: { get(ordinal: number): Row | undefined; grade?(ordinal: number): LoopGrade | undefined };
  /**
   * The ordinal of the first row (default 0): a continuation of a stored run ("fill this cell" in place, with `aim`
   * pinning the cell's values) numbers its rows on from the run's last, so each keeps a rollout key and id of its own.
   */
  first_ordinal?: number;
  isCancelled?: () => boolean;
  limits?: RolloutLimits;
  /** Milliseconds from any fixed origin, for row timings and `time_budget` (neither enters a Row). */
  clock?: () => number;
  /**
   * Lets the host's other work through (a macrotask: replies of the model calls in flight, stored rows): the template
   * writers await it between the situations they word, so planning a batch never holds up the calls in flight for
   * its whole length. Never changes what is planned. Unset: planning runs in one piece.
   */
  pause?: () => Promise<void>;
  /**
   * Read once at the end: degraded codes and warnings from outside the loop (role checks such as `same_model`,
   * model-call figures such as retries), put before the run's own warnings.
   */
  notes?: () => { degraded: readonly string[]; warnings: readonly string[] };
}
