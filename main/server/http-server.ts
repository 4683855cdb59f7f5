import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from '../api/dispatch';
import type { AppContext } from '../services/app/app-context';
import { createToken, hasToken, isOwnOrigin, isToken, LOOPBACK_HOST, tokenCookieName } from './access';
import { ACCESS_REFUSED_MESSAGE, refusePage } from './access-refused';
import { streamEvents } from './event-stream';
import { httpStatus } from './http-status';
import { BodyError, readJsonBody } from './read-body';
import { securityHeaders, serveStatic } from './static-files';

export interface BrowserServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
  token?: string;
}

export interface BrowserServer {
  /** The one URL that carries the token; opening it sets the page's cookie. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...securityHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** A refusal by the transport itself (not a contract result): the status says why. */
function refuse(response: ServerResponse, status: 401 | 403 | 405 | 415, message: string): void {
  sendJson(response, status, { message });
}

async function handleApiCall(context: AppContext, method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'POST') return refuse(response, 405, 'API methods are called with POST.');
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return refuse(response, 415, 'API calls send a JSON body (Content-Type: application/json).');
  }
  let input: unknown;
  try {
    input = await readJsonBody(request, method);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.status === 413) {
      // The rest of the body is never read: answer, then close the connection rather than drain it.
      response.setHeader('Connection', 'close');
      response.once('finish', () => request.socket.destroySoon());
    }
    return sendJson(response, error.status, { ok: false, error: { code: 'VALIDATION_FAILED', message: error.message } });
  }
  const result = await dispatch(context, method, input);
  sendJson(response, result.ok ? 200 : httpStatus(result.error.code), result);
}

/** Browser mode: the contract over HTTP on 127.0.0.1, behind a per-start token, serving the built renderer. */
export async function startBrowserServer(context: AppContext, options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? createToken();
  let port = options.port;

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { ok: false, error: { code: 'INTERNAL', message: String(error) } });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isOwnOrigin(request, port)) return refuse(response, 403, 'This server answers only to its own address.');
    const url = new URL(request.url ?? '/', `http://${LOOPBACK_HOST}:${port}`);

    if (url.searchParams.has('token') && request.method === 'GET' && !url.pathname.startsWith('/api/')) {
      // An old URL, printed before a restart: the page says to open this start's.
      if (!isToken(url.searchParams.get('token'), token)) return refusePage(response);
      url.searchParams.delete('token');
      response.writeHead(303, {
        ...securityHeaders(),
        'Set-Cookie': `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        Location: url.pathname + url.search,
        'Cache-Control': 'no-store',
      });
      return void response.end();
    }

    if (!hasToken(request, port, token)) {
      const isPage = request.method === 'GET' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/');
      return isPage ? refusePage(response) : refuse(response, 401, ACCESS_REFUSED_MESSAGE);
    }
    if (url.pathname === '/api/events') return streamEvents(context.events, response);
    if (url.pathname.startsWith('/api/')) return handleApiCall(context, url.pathname.slice('/api/'.length), request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'Only GET serves the app.');
    serveStatic(options.rendererDir, url.pathname, response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK_HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${LOOPBACK_HOST}:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
