import type { Judge } from './judge';

/**
 * The same judge, telling `onError` of each error it throws before `runJudge` turns it into an `error` grade: the
 * caller may stop its job or run on a failure no other row will escape (a refused key, an empty account).
 */
export function watchedJudge(judge: Judge, onError: (error: unknown) => void): Judge {
  return {
    name: judge.name,
    label_source: judge.label_source,
    // A model judge's provenance follows what it sent (a refused temperature reads null): read it through.
    get provenance() {
      return judge.provenance;
    },
    ...(judge.notes ? { notes: () => judge.notes!() } : {}),
    ...(judge.scale ? { scale: judge.scale } : {}),
    ...(judge.max_concurrency === undefined ? {} : { max_concurrency: judge.max_concurrency }),
    async judge(row, context) {
      try {
        return await judge.judge(row, context);
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    ...(judge.close ? { close: () => judge.close!() } : {}),
  };
}
