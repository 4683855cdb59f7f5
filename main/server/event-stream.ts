import type { ServerResponse } from 'node:http';
import type { EventBus } from '../services/app/event-bus';

const KEEP_ALIVE_MS = 15_000;

/** Streams main's events to one browser tab as server-sent events until it disconnects. */
export function streamEvents(events: EventBus, response: ServerResponse): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  response.write(': connected\n\n');
  const unsubscribe = events.subscribe((name, payload) => {
    response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  response.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
