export * from './app';
export * from './contract';
export * from './jobs';
export * from './result';
export * from './runs';
