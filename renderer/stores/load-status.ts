/** Every piece of data from main is in one of these states, and each is drawn on screen. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
