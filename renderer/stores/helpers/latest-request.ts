/** True while the request it was given for is still the latest: an answer that lost the race is dropped. */
export type IsLatest = () => boolean;

/** Numbers one kind of request (a preview, a summary read), so only the latest one's answer is applied. */
export interface LatestRequest {
  /** A new request: every one started before it is outdated. */
  start(): IsLatest;
  /** Watches the latest request without starting one: false once another starts. */
  watch(): IsLatest;
  /** Outdates every request under way (the form changed so none of their answers apply). */
  drop(): void;
}

export function latestRequest(): LatestRequest {
  let latest = 0;
  const watch = (): IsLatest => {
    const number = latest;
    return () => number === latest;
  };
  return {
    start() {
      latest += 1;
      return watch();
    },
    watch,
    drop() {
      latest += 1;
    },
  };
}
