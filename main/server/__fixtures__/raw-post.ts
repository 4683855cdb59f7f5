import { once } from 'node:events';
import { connect } from 'node:net';

/** An answer read off the wire, with the bytes the client had handed to the socket by the time it came. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  sent: number;
}

export interface RawPost {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** The body's parts, made on the fly. */
  body: Iterable<Buffer>;
  /** Content-Length when true, else chunked transfer encoding. */
  declare: boolean;
}

/** The answer in `bytes` once all of it has arrived (its head, and as many body bytes as its Content-Length says). */
function parseAnswer(bytes: Buffer, sent: number, isClosed: boolean): RawReply | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const rest = bytes.subarray(headEnd + 4);
  const length = Number(headers['content-length'] ?? Number.NaN);
  const body =
    headers['transfer-encoding'] === 'chunked' ? unchunked(rest) : Number.isFinite(length) && rest.length >= length ? rest : null;
  if (body === null && !isClosed) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: (body ?? rest).toString('utf8'), sent };
}

/** A chunked body's bytes once its last (empty) chunk has arrived, else null. */
function unchunked(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const sizeEnd = bytes.indexOf('\r\n', at);
    if (sizeEnd < 0) return null;
    const size = Number.parseInt(bytes.subarray(at, sizeEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < sizeEnd + 2 + size + 2) return null;
    parts.push(bytes.subarray(sizeEnd + 2, sizeEnd + 2 + size));
    at = sizeEnd + 2 + size + 2;
  }
}

/**
 * POSTs on a raw socket and reads the answer as it arrives. node:http's client loses an answer it has already received
 * when a later write of the body fails, which is what a server that refuses a body early and closes (as it should)
 * makes happen: here what arrived stays the answer, whatever the writes meet after it.
 */
export function rawPost(request: RawPost): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(request.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let answered = false;
    const settle = (isClosed: boolean) => {
      const answer = answered ? null : parseAnswer(received, sent, isClosed);
      if (answer) {
        answered = true;
        resolve(answer);
        socket.destroy();
      } else if (isClosed && !answered)
        reject(new Error(`no whole answer before the connection closed: ${received.toString().slice(0, 300)}`));
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      settle(false);
    });
    // A refused upload ends in EPIPE or ECONNRESET on a write: what was read is judged when the socket closes.
    socket.on('error', () => undefined);
    socket.on('close', () => settle(true));
    // Not events.once: it rejects on the socket's 'error', which here is expected and judged by `settle`.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const write = async (bytes: Buffer) => {
      if (!socket.write(bytes)) await Promise.race([once(socket, 'drain'), closed]);
    };
    void (async () => {
      await once(socket, 'connect');
      const framing = request.declare ? {} : { 'Transfer-Encoding': 'chunked' };
      const head = Object.entries({ ...request.headers, ...framing, Connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`POST ${request.path} HTTP/1.1\r\n${head.join('')}\r\n`);
      for (const part of request.body) {
        if (socket.destroyed || answered) return;
        sent += part.length;
        if (request.declare) await write(part);
        else if (part.length > 0) await write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
      }
      if (!request.declare && !socket.destroyed) socket.write('0\r\n\r\n');
    })().catch(() => undefined);
  });
}
