/** Timers behind an interface, so a test can run a wait by hand. */
export interface Scheduler {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export const timerScheduler: Scheduler = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A run asked for now and made later; `cancel` forgets it if it is not made yet. */
export interface Deferred {
  (): void;
  cancel(): void;
  isPending(): boolean;
}

/** Milliseconds, or a function read when the wait starts (a wait that follows how long the last read took). */
type Delay = number | (() => number);

function deferred(run: () => void, delay: Delay, scheduler: Scheduler, restartsWait: boolean): Deferred {
  let handle: unknown;
  let isWaiting = false;
  const cancel = () => {
    if (isWaiting) scheduler.clear(handle);
    isWaiting = false;
  };
  const ask = () => {
    if (isWaiting && !restartsWait) return;
    cancel();
    isWaiting = true;
    handle = scheduler.set(
      () => {
        isWaiting = false;
        run();
      },
      typeof delay === 'function' ? delay() : delay,
    );
  };
  return Object.assign(ask, { cancel, isPending: () => isWaiting });
}

/** Runs `run` once calls pause for `delay` (each call starts the wait again): typing settles before a check. */
export function debounce(run: () => void, delay: Delay, scheduler: Scheduler = timerScheduler): Deferred {
  return deferred(run, delay, scheduler, true);
}

/** Runs `run` `delay` after the first of a burst of calls; the calls meanwhile share that run (at most one per wait). */
export function coalesce(run: () => void, delay: Delay, scheduler: Scheduler = timerScheduler): Deferred {
  return deferred(run, delay, scheduler, false);
}
