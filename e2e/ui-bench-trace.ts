/**
 * Reads the page's main-thread tasks out of a Chrome trace for `e2e/ui.bench.ts`: how long each took by the wall clock
 * and in CPU time, and what the longest one spent its CPU on (script, style, layout, paint, ...).
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The rendering stages a task's CPU time is split into, by the trace events directly inside it. */
const STAGES: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  XHRReadyStateChange: 'script',
  XHRLoad: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'composite',
  Commit: 'composite',
  UpdateLayer: 'composite',
  HitTest: 'hit test',
  MinorGC: 'gc',
  MajorGC: 'gc',
  BlinkGC: 'gc',
  'V8.GCScavenger': 'gc',
  'V8.GC_MC_BACKGROUND': 'gc',
  ParseHTML: 'parse',
};

export interface TaskAttribution {
  cpuMs: number;
  wallMs: number;
  /** CPU milliseconds by stage, largest first; `other` is what no known event inside the task accounts for. */
  stages: [string, number][];
}

export interface MainThreadTasks {
  longestWallMs: number;
  longestCpuMs: number;
  overFiftyCpu: number;
  /** The five longest tasks by CPU time, longest first. */
  topCpuMs: number[];
  /** Where the longest task (by CPU time) spent it. */
  longest: TaskAttribution | null;
}

function attribute(task: TraceEvent, onMain: TraceEvent[]): TaskAttribution {
  const end = task.ts + (task.dur ?? 0);
  const stages = new Map<string, number>();
  const add = (stage: string, ms: number) => stages.set(stage, (stages.get(stage) ?? 0) + ms);
  // Each known event's own CPU time (less the known events inside it) goes to its stage, so a layout forced by a
  // script counts as layout, and a Paint inside a Paint is not counted twice.
  const open: { end: number; stage: string; cpuMs: number; childMs: number }[] = [];
  const close = () => {
    const done = open.pop()!;
    add(done.stage, Math.max(0, done.cpuMs - done.childMs));
  };
  let topLevelMs = 0;
  for (const event of onMain) {
    if (event.ts < task.ts || event.ts >= end || event === task) continue;
    const stage = STAGES[event.name];
    if (!stage) continue;
    while (open.length > 0 && event.ts >= open.at(-1)!.end) close();
    const cpuMs = (event.tdur ?? 0) / 1000;
    if (open.length > 0) open.at(-1)!.childMs += cpuMs;
    else topLevelMs += cpuMs;
    open.push({ end: event.ts + (event.dur ?? 0), stage, cpuMs, childMs: 0 });
  }
  while (open.length > 0) close();
  const cpuMs = (task.tdur ?? 0) / 1000;
  if (cpuMs - topLevelMs > 0.5) add('other', cpuMs - topLevelMs);
  return { cpuMs, wallMs: (task.dur ?? 0) / 1000, stages: [...stages.entries()].sort((a, b) => b[1] - a[1]) };
}

/**
 * The renderer main thread's tasks from a Chrome trace, by wall time and by CPU time: on a machine busy with other
 * work a task waits for a core, so its CPU time is the figure that belongs to the table.
 */
export function mainThreadTasks(trace: Buffer): MainThreadTasks {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const cpu = tasks.map((task) => (task.tdur ?? 0) / 1000);
  const byCpu = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
  return {
    longestWallMs: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
    longestCpuMs: Math.max(0, ...cpu),
    overFiftyCpu: cpu.filter((duration) => duration > 50).length,
    topCpuMs: byCpu.slice(0, 5).map((task) => (task.tdur ?? 0) / 1000),
    longest: byCpu[0] ? attribute(byCpu[0], onMain) : null,
  };
}

export function describeAttribution(attribution: TaskAttribution | null): string {
  if (!attribution) return 'no task';
  const stages = attribution.stages.map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`).join(', ');
  return `${attribution.cpuMs.toFixed(1)} ms CPU (${attribution.wallMs.toFixed(1)} ms wall): ${stages}`;
}
