/** Runs `work` once to warm up, then `times` times: the median and every run, in milliseconds. */
export function timeMs(work: () => unknown, times: number): { median: number; runs: number[] } {
  work();
  const runs: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    work();
    runs.push(performance.now() - start);
  }
  const sorted = [...runs].sort((left, right) => left - right);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs };
}
