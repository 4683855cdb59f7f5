/** Stops what a subscription started. */
export type Unsubscribe = () => void;

/**
 * A subscription made on the first call only: later calls return the same unsubscribe, so a screen that mounts twice
 * (React's strict mode) or a second start never listens twice. Once unsubscribed, the next call subscribes again.
 */
export function subscribeOnce(subscribe: () => Unsubscribe): () => Unsubscribe {
  let current: Unsubscribe | null = null;
  return () => {
    if (current) return current;
    const stop = subscribe();
    const unsubscribe = () => {
      if (current !== unsubscribe) return;
      current = null;
      stop();
    };
    current = unsubscribe;
    return unsubscribe;
  };
}
