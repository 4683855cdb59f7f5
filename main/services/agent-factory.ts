import type { RunConfig } from '../../shared/domain';
import type { AgentUnderTest } from '../../engine/index';
import { createCommandAgent } from '../../engine/node';
import { ServiceError } from './service-error';

const COMMAND_PREFIX = 'command:';
const MAX_AGENT_PROCESSES = 4;

/** The agent a run's config names, or undefined for the built-in demo agent. The caller closes it. */
export function agentFor(config: RunConfig): (AgentUnderTest & { close(): void }) | undefined {
  const spec = config.models.agent;
  if (spec === undefined || spec === 'demo') return undefined;
  if (spec.startsWith(COMMAND_PREFIX)) {
    const command = spec.slice(COMMAND_PREFIX.length).trim();
    if (!command) throw new ServiceError('VALIDATION_FAILED', 'The agent command is empty: use command:"python3 my_agent.py".');
    return createCommandAgent({ command, processes: Math.min(config.concurrency, MAX_AGENT_PROCESSES) });
  }
  throw new ServiceError(
    'VALIDATION_FAILED',
    `Unknown agent "${spec}". Use demo (the built-in agent) or command:"<your command>" (model agents come with the model backends).`,
  );
}
