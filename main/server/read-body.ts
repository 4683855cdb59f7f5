import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON request body, refusing oversized or unparseable ones with the reason. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new BodyError(
        413,
        `The request is larger than browser mode's ${MAX_BODY_BYTES / 1024 / 1024} MB limit: import a file this large from the command line (npm run wai -- traces import FILE, labels import RUN_ID FILE, prove --before FILE --after FILE).`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
