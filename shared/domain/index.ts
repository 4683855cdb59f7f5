export * from './axes';
export * from './grade';
export * from './label';
export * from './message';
export * from './row';
export * from './run';
export * from './situation';
export * from './spec';
