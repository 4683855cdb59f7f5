#!/usr/bin/env node
// A 20-line agent for `wai simulate --agent command:"node resources/examples/order-agent.mjs"`.
// It reads one JSON request per line (system_prompt, tools, messages) and answers one JSON line.
import { createInterface } from 'node:readline';

createInterface({ input: process.stdin }).on('line', (line) => {
  const { tools, messages } = JSON.parse(line);
  const last = messages.at(-1);
  let reply;
  if (last.role === 'tool') {
    const result = JSON.parse(last.content);
    reply = { content: result.status === 'ok' ? `Here is what I found: ${JSON.stringify(result)}` : `That did not work (${result.status}). Could you check the details?` };
  } else {
    const id = last.content.match(/\b[A-Z]{1,4}[-_]?\d{3,6}\b/)?.[0];
    const lookup = tools.find((tool) => /^(get|lookup|find)/.test(tool.name));
    const parameter = lookup && Object.keys(lookup.parameters.properties ?? {})[0];
    reply = id && parameter ? { content: '', tool_calls: [{ id: 'call_1', name: lookup.name, arguments: { [parameter]: id } }] } : { content: 'Could you give me the reference number?' };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
