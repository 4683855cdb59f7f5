import { agreementMethods } from './agreement';
import { appMethods } from './app';
import { coverageMethods } from './coverage';
import { exportsMethods } from './exports';
import { gradesMethods } from './grades';
import { JobProgress } from './jobs';
import { labelsMethods } from './labels';
import { modelsMethods } from './models';
import { proveMethods } from './prove';
import { rowsMethods } from './rows';
import { RunEnd, RunProgress, runsMethods } from './runs';
import { settingsMethods } from './settings';
import { specsMethods } from './specs';
import { tracesMethods } from './traces';
import type { z } from 'zod';

/**
 * Every method that crosses a process boundary (IPC in the desktop app, HTTP in browser mode),
 * named `noun.verb`. The receiving side parses `input` with these schemas; types come from them.
 */
export const contract = {
  ...appMethods,
  ...runsMethods,
  ...specsMethods,
  ...rowsMethods,
  ...coverageMethods,
  ...gradesMethods,
  ...labelsMethods,
  ...agreementMethods,
  ...modelsMethods,
  ...settingsMethods,
  ...exportsMethods,
  ...tracesMethods,
  ...proveMethods,
} as const;

/** Events main pushes to the renderer, named `noun-verb`. */
export const events = {
  'run-progress': RunProgress,
  'run-end': RunEnd,
  /** Grading, export and import jobs: progress, then a last event with a final status. */
  'job-progress': JobProgress,
} as const;

export type Contract = typeof contract;
export type Method = keyof Contract;
export type MethodInput<M extends Method> = z.input<Contract[M]['input']>;
export type MethodParsedInput<M extends Method> = z.output<Contract[M]['input']>;
export type MethodOutput<M extends Method> = z.output<Contract[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const METHODS = Object.keys(contract) as Method[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isMethod(name: string): name is Method {
  return Object.hasOwn(contract, name);
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}
