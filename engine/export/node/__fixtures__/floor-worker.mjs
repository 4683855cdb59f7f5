// bench:export's parallel floor: a worker that only serialises one prebuilt line per row (JSON.stringify) and encodes
// its pages, with the app's page protocol (pages dealt round-robin, at most `maxAhead` ahead of the writer, buffers
// handed back once written). Plain JavaScript, so it starts without a bundle or a loader.
import { parentPort, workerData } from 'node:worker_threads';

const { line, total, pageRows, index, workers, maxAhead } = workerData;
const encoder = new TextEncoder();
const free = [];
let credits = maxAhead;
let wake = null;

parentPort.on('message', (buffer) => {
  credits += 1;
  free.push(buffer);
  wake?.();
  wake = null;
});

for (let page = index; page * pageRows < total; page += workers) {
  while (credits === 0) await new Promise((resolve) => (wake = resolve));
  credits -= 1;
  const reused = free.pop();
  let bytes = reused ? new Uint8Array(reused) : new Uint8Array(pageRows * 4096);
  let used = 0;
  const end = Math.min(total, (page + 1) * pageRows);
  for (let row = page * pageRows; row < end; row++) {
    const text = JSON.stringify(line);
    if (bytes.length - used < text.length * 3 + 1) {
      const grown = new Uint8Array(bytes.length * 2 + text.length * 3);
      grown.set(bytes.subarray(0, used));
      bytes = grown;
    }
    used += encoder.encodeInto(text, bytes.subarray(used)).written;
    bytes[used++] = 0x0a;
  }
  parentPort.postMessage({ page, lines: end - page * pageRows, bytes: bytes.subarray(0, used) }, [bytes.buffer]);
}
