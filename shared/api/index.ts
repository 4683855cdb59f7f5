export * from './app';
export * from './contract';
export * from './result';
export * from './runs';
