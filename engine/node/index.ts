// The engine's Node adapters (child processes, files): imported by main only, never by the pure engine.
export { createCommandAgent, type CommandAgentOptions } from '../agents/node/command-agent';
export * from '../export/node';
export * from '../grade/judges/node';
