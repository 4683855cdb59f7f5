// Runs the local model server as its own process, for tests in other layers and for trying the app by hand:
//   node --import tsx engine/models/node/__fixtures__/serve-local-model.ts [--key K] [--latency-ms N]
//        [--fault-share 0.1 --fault-kinds rate_limit,server_error,cut_off] [--no-temperature m1,m2] [--no-logprobs m1,m2]
//        [--exit-with-stdin]
//        [--requests-remaining N --requests-reset-ms M]   (rate-limit headers on every answer: N of 60 left, refilled in M ms)
// Prints one JSON line with its URLs, then serves until it is killed (or, with --exit-with-stdin, until stdin closes:
// a test that dies leaves no server behind).
import { faultShare, startLocalModelServer, type Fault } from './local-model-server';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const KINDS: Readonly<Record<string, Fault>> = {
  rate_limit: { kind: 'rate_limit', retry_after_ms: 20 },
  server_error: { kind: 'server_error', retry_after_ms: 20 },
  cut_off: { kind: 'cut_off' },
  broken_tool_json: { kind: 'broken_tool_json' },
  quota: { kind: 'quota' },
  slow: { kind: 'slow', delay_ms: 2000 },
};

const share = Number(flag('fault-share') ?? 0);
const kinds = (flag('fault-kinds') ?? 'rate_limit,server_error').split(',').map((name) => {
  const fault = KINDS[name.trim()];
  if (!fault) throw new Error(`unknown fault kind ${name}: use ${Object.keys(KINDS).join(', ')}`);
  return fault;
});
const key = flag('key');
const latency = flag('latency-ms');
const noTemperature = flag('no-temperature');
const noLogprobs = flag('no-logprobs');
const remaining = flag('requests-remaining');
const resetMs = Number(flag('requests-reset-ms') ?? 1000);

const server = await startLocalModelServer({
  ...(key ? { key } : {}),
  ...(latency ? { latency_ms: Number(latency) } : {}),
  ...(share > 0 ? { faults: faultShare(share, kinds) } : {}),
  ...(noTemperature ? { no_temperature_models: noTemperature.split(',') } : {}),
  ...(noLogprobs ? { no_logprobs_models: noLogprobs.split(',') } : {}),
  ...(remaining === undefined ? {} : { rate_limits: () => ({ requests: { limit: 60, remaining: Number(remaining), reset_ms: resetMs } }) }),
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, openai_base_url: server.openai_base_url, anthropic_base_url: server.anthropic_base_url })}\n`,
);
const stop = () => void server.close().finally(() => process.exit(0));
if (process.argv.includes('--exit-with-stdin')) {
  process.stdin.on('end', stop);
  process.stdin.resume();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
