import type { IncomingMessage } from 'node:http';
import { bodyLimit, formatLimit } from './body-limits';

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function tooLarge(method: string, limit: number): BodyError {
  return new BodyError(
    413,
    `${method}: the request is larger than browser mode's ${formatLimit(limit)} limit for ${method}: import a file this large from the ` +
      `command line (npm run wai -- traces import FILE, labels import RUN_ID FILE, prove --before FILE --after FILE).`,
  );
}

/**
 * Reads the body of a call to `method`, counting bytes as they arrive: a body over the method's limit (see
 * `bodyLimit`) is refused as soon as its Content-Length says so or its bytes pass the limit, and the rest is never
 * read (the request is left paused; the caller answers and closes the connection).
 */
function readBytes(request: IncomingMessage, method: string): Promise<Buffer> {
  const limit = bodyLimit(method);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.pause();
    return Promise.reject(tooLarge(method, limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        request.pause();
        chunks.length = 0;
        reject(tooLarge(method, limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

/** Reads a call's JSON body, refusing an oversized (413), non-UTF-8 or unparseable (400) one with the reason. */
export async function readJsonBody(request: IncomingMessage, method: string): Promise<unknown> {
  const bytes = await readBytes(request, method);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError(400, 'The request body is not UTF-8: send JSON encoded as UTF-8.');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
