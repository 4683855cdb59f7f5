export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `task` over `items` with at most `concurrency` in flight and yields the results in input order as
 * soon as each prefix is complete, so output never depends on which task finishes first. Once `isStopped`
 * says so, no new task starts; those already running are awaited and yielded.
 */
export async function* orderedPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
  isStopped: () => boolean = () => false,
): AsyncGenerator<{ index: number; result: Settled<R> }> {
  const results = new Map<number, Settled<R>>();
  let started = 0;
  let nextToYield = 0;
  let wake: (() => void) | undefined;

  const startMore = () => {
    while (started < items.length && started - nextToYield - results.size < concurrency && !isStopped()) {
      const index = started++;
      task(items[index]!, index).then(
        (value) => settle(index, { ok: true, value }),
        (error: unknown) => settle(index, { ok: false, error }),
      );
    }
  };
  const settle = (index: number, result: Settled<R>) => {
    results.set(index, result);
    wake?.();
  };

  startMore();
  while (nextToYield < started) {
    if (!results.has(nextToYield)) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      continue;
    }
    const result = results.get(nextToYield)!;
    results.delete(nextToYield);
    yield { index: nextToYield, result };
    nextToYield++;
    startMore();
  }
}
