import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Judge } from '../judge';
import { JudgeConfigError } from '../judge-config-error';
import { functionJudge, requireVersion, type JudgeFunction } from '../function-judge';
import { messageOf } from './judge-process';

export interface ModuleJudgeOptions {
  /** A JavaScript module (`.js`, `.mjs`) whose default export is `(row) => result` or an async one. */
  path: string;
  /** Required: which edit of the judge made a grade. */
  version: string;
  /** Defaults to the module's file name without extension. */
  name?: string;
  scale?: readonly [number, number];
}

/**
 * Loads a custom judge from a JavaScript module. Throws JudgeConfigError when the version is missing, the module
 * cannot be imported, or its default export is not a function; a judge that throws on a row grades it `error`.
 */
export async function loadModuleJudge(options: ModuleJudgeOptions): Promise<Judge> {
  const version = requireVersion(options.version, `judge module ${options.path}`);
  const absolute = resolve(options.path);
  let loaded: unknown;
  try {
    loaded = await import(pathToFileURL(absolute).href);
  } catch (error) {
    throw new JudgeConfigError(`could not load judge module ${options.path}: ${messageOf(error)}`);
  }
  const run = (loaded as { default?: unknown }).default;
  if (typeof run !== 'function') {
    throw new JudgeConfigError(`judge module ${options.path} must have a default export (row) => result`);
  }
  const file = absolute.split(/[\\/]/).pop() ?? absolute;
  return functionJudge(run as JudgeFunction, {
    version,
    name: options.name ?? file.replace(/\.[^.]+$/, ''),
    settings: { module: options.path },
    ...(options.scale ? { scale: options.scale } : {}),
  });
}
