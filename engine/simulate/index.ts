export { offlineComponents, type SimulationComponents } from './offline-components';
export { batchRows, simulate, type SimulationEvent } from './simulate';
export type { SimulateOptions, WorldFactoryOptions } from './simulate-options';
