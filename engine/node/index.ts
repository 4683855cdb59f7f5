// The engine's Node adapters (child processes, files): imported by main only, never by the pure engine.
export { createCommandAgent, type CommandAgentOptions } from '../agents/node/command-agent';
export { probeCommandAgent, type CommandProbe, type CommandProbeOptions } from '../agents/node/command-probe';
export * from '../export/node';
export * from '../grade/judges/node';
export { DEFAULT_CALL_TIMEOUT_MS, ModelBackends, type ModelBackendsOptions } from '../models/node/model-backends';
export { MissingKeyError, missingKeyMessage, type KeyPlace } from '../models/node/missing-key-error';
