// One worker thread of a parallel SFT export: it reads its pages of rows itself, builds, checks and serialises the
// lines, and sends each page as encoded bytes with its gate counts, never more than `maxAhead` pages ahead.
import { parentPort, workerData } from 'node:worker_threads';
import { exportTraining } from '../training-export';
import type { RowPageModule, TrainingWorkerCommand, TrainingWorkerInput, TrainingWorkerMessage } from './training-worker-protocol';

const input = workerData as TrainingWorkerInput;
const port = parentPort!;
let credits = input.maxAhead;
let stopped = false;
let wake: (() => void) | null = null;

/** Page buffers the writer has finished with, ready for the next pages. */
const free: ArrayBuffer[] = [];

port.on('message', (command: TrainingWorkerCommand) => {
  if (command.type === 'ack') {
    credits += 1;
    free.push(command.buffer);
  } else stopped = true;
  wake?.();
  wake = null;
});

const post = (message: TrainingWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const encoder = new TextEncoder();

/**
 * A page's lines encoded straight into one buffer (TextEncoder.encodeInto is the fast path; encode() of a long joined
 * string is several times slower), sized for ASCII and grown when a line needs more.
 */
class PageBytes {
  private bytes: Uint8Array;
  private used = 0;

  constructor(expected: number) {
    const reused = free.pop();
    this.bytes = reused && reused.byteLength >= expected ? new Uint8Array(reused) : new Uint8Array(Math.max(1024, expected));
  }

  add(line: string): void {
    for (;;) {
      const room = this.bytes.length - this.used - 1;
      if (room >= line.length) {
        const { read, written } = encoder.encodeInto(line, this.bytes.subarray(this.used, this.used + room));
        if (read === line.length) {
          this.bytes[this.used + written] = 0x0a;
          this.used += written + 1;
          return;
        }
      }
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + line.length * 3 + 1));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
  }

  /** The encoded page: a view of the whole buffer, which is transferred and comes back with the writer's ack. */
  take(): Uint8Array {
    return this.bytes.subarray(0, this.used);
  }
}

async function run(): Promise<void> {
  const source = (await import(input.module)) as RowPageModule;
  for (let page = input.index; page * input.pageRows < input.total; page += input.workers) {
    while (credits === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    if (stopped) return;
    credits -= 1;
    const start = page * input.pageRows;
    const rows = await source.rowPage(input.data, start, Math.min(input.total, start + input.pageRows));
    // Gates run here on every line; the refusal is decided once every page's counts are in, in the main thread.
    const stream = exportTraining(rows, input.context, { ...input.options, validate: false });
    const encoded = new PageBytes(input.pageRows * 4096);
    let lines = 0;
    for await (const line of stream.lines) {
      if (line.includes('\n')) throw new Error(`a line of page ${page} contains a newline: not a JSONL line`);
      encoded.add(line);
      lines += 1;
    }
    const bytes = encoded.take();
    post({ type: 'page', page, lines, bytes, state: stream.state() }, [bytes.buffer as ArrayBuffer]);
  }
}

run()
  .catch((error: unknown) => post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
  .finally(() => port.close());
