#!/usr/bin/env node
// A short agent for `wai simulate --agent command:"node resources/examples/order-agent.mjs"`.
// It reads one JSON request per line (system_prompt, tools, messages) and answers one JSON line.
import { createInterface } from 'node:readline';

createInterface({ input: process.stdin }).on('line', (line) => {
  const { tools, messages } = JSON.parse(line);
  const last = messages.at(-1);
  let reply;
  if (last.role === 'tool') {
    const result = JSON.parse(last.content);
    const found = result.status === 'ok';
    reply = {
      content: found ? `Here is what I found: ${last.content}` : `That did not work (${result.status}). Could you check the details?`,
    };
  } else {
    const id = last.content.match(/\b[A-Z]{1,4}[-_]?\d{3,6}\b/)?.[0];
    const lookup = tools.find((tool) => /^(get|lookup|find)/.test(tool.name));
    const parameter = lookup && Object.keys(lookup.parameters.properties ?? {})[0];
    const call = { id: 'call_1', name: lookup?.name, arguments: { [parameter]: id } };
    reply = id && parameter ? { content: '', tool_calls: [call] } : { content: 'Could you give me the reference number?' };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
