import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost } from './__fixtures__/raw-post';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { tokenCookieName } from './access';
import { bodyLimit, DEFAULT_BODY_BYTES, MAX_BODY_BYTES } from './body-limits';
import { startBrowserServer, type BrowserServer } from './http-server';

let context: AppContext;
let server: BrowserServer;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'while-server-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>While Studio</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'do not serve');
  context = createAppContext({ dataDir: join(root, 'data'), mode: 'browser' });
  server = await startBrowserServer(context, { port: 0, rendererDir });
});

afterAll(async () => {
  await server.close();
  await closeAppContext(context);
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch, so a test can send any Host header. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${server.port}`, ...options.headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const bearer = () => ({ Authorization: `Bearer ${server.token}` });
const json = { 'Content-Type': 'application/json' };

describe('browser-mode server', () => {
  it('listens on loopback only and prints a URL that carries the token', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[A-Za-z0-9_-]{43}$`));
  });

  it('answers 401 to a request without the token, for pages and API alike', async () => {
    const page = await send('/');
    expect(page.status).toBe(401);
    // After a restart an old tab lands here: the page says to open the URL printed this time, and that retrying cannot help.
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Open the URL it printed when it started this time');
    expect(page.body).toContain('trying again here cannot help');
    expect((await send('/assets/app.js')).status).toBe(401);
    expect((await send('/api/runs.list', { method: 'POST', headers: json, body: '{}' })).status).toBe(401);
    expect((await send('/?token=not-the-token')).status).toBe(401);
    expect((await send('/api/runs.list', { method: 'POST', headers: { ...json, Authorization: 'Bearer wrong' }, body: '{}' })).status).toBe(
      401,
    );
  });

  it('answers 403 to a foreign Host or Origin even with the token', async () => {
    expect((await send('/', { headers: { ...bearer(), Host: 'evil.example' } })).status).toBe(403);
    expect((await send('/', { headers: { ...bearer(), Host: `attacker.test:${server.port}` } })).status).toBe(403);
    const foreignOrigin = await send('/api/runs.list', {
      method: 'POST',
      headers: { ...bearer(), ...json, Origin: 'http://evil.example' },
      body: '{}',
    });
    expect(foreignOrigin.status).toBe(403);
  });

  it('trades the URL token for an HttpOnly cookie and serves the page with a strict CSP', async () => {
    const first = await send(`/?token=${server.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`${tokenCookieName(server.port)}=${server.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await send('/', { headers: { Cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('While Studio');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
  });

  it('never serves a file outside the renderer folder', async () => {
    const escaped = await send('/../secret.txt', { headers: bearer() });
    expect(escaped.body).not.toContain('do not serve');
    const encoded = await send('/%2e%2e/secret.txt', { headers: bearer() });
    expect(encoded.body).not.toContain('do not serve');
  });

  it('runs contract methods and returns results', async () => {
    const reply = await send('/api/app.info', { method: 'POST', headers: { ...bearer(), ...json }, body: '{}' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { mode: 'browser', data_dir: context.dataDir } });
    const runs = await send('/api/runs.list', { method: 'POST', headers: { ...bearer(), ...json }, body: '{}' });
    expect(JSON.parse(runs.body)).toEqual({ ok: true, value: { runs: [], total: 0 } });
  });

  it('answers 400 with the zod path for bad input, and 404 for an unknown method', async () => {
    const bad = await send('/api/runs.list', { method: 'POST', headers: { ...bearer(), ...json }, body: '{"limit":"ten"}' });
    expect(bad.status).toBe(400);
    const body = JSON.parse(bad.body);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0].path).toBe('limit');
    const unknown = await send('/api/runs.explode', { method: 'POST', headers: { ...bearer(), ...json }, body: '{}' });
    expect(unknown.status).toBe(404);
    const notJson = await send('/api/runs.list', { method: 'POST', headers: { ...bearer(), ...json }, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.message).toContain('not valid JSON');
  });

  it('streams events to a connected page', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: server.port, path: '/api/events', headers: { Host: `127.0.0.1:${server.port}`, ...bearer() } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes(': connected'))
              context.events.emit('run-end', { run_id: 'r1', status: 'completed', stopped_because: 'budget' });
            if (text.includes('event: run-end')) {
              request.destroy();
              resolve(text);
            }
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
    const text = await received;
    expect(text).toContain('data: {"run_id":"r1","status":"completed","stopped_because":"budget"}');
  });

  describe('body limits', () => {
    const MIB = 1024 * 1024;

    interface Streamed extends Reply {
      /** Bytes the client had handed to the socket when the answer came. */
      sent: number;
    }

    /**
     * POSTs `size` bytes (`{}` then spaces: valid JSON for a method whose fields are all optional) made on the fly
     * in 1 MB chunks, so the test never holds a large body; with `declare`, Content-Length announces the size,
     * else the body is chunked. Resolves with the answer even if the server then closes mid-upload.
     */
    function post(
      method: string,
      size: number,
      options: { declare: boolean; prefix?: string; suffix?: string } = { declare: true },
    ): Promise<Streamed> {
      const prefix = Buffer.from(options.prefix ?? '{}');
      const suffix = Buffer.from(options.suffix ?? '');
      const space = Buffer.alloc(MIB, 0x20);
      function* chunks() {
        yield prefix;
        for (let left = size - prefix.length - suffix.length; left > 0; left -= space.length) {
          yield left >= space.length ? space : space.subarray(0, left);
        }
        yield suffix;
      }
      const headers = {
        Host: `127.0.0.1:${server.port}`,
        ...bearer(),
        ...json,
        ...(options.declare ? { 'Content-Length': String(size) } : {}),
      };
      return rawPost({ port: server.port, path: `/api/${method}`, headers, body: chunks(), declare: options.declare });
    }

    it('follows the contract: 16 MB by default, room for a 64 MB labels file and 200 MB of traces', () => {
      expect(bodyLimit('runs.list')).toBe(DEFAULT_BODY_BYTES);
      expect(bodyLimit('labels.set')).toBe(DEFAULT_BODY_BYTES);
      expect(bodyLimit('no.such.method')).toBe(DEFAULT_BODY_BYTES);
      // Each declared character as up to three bytes of JSON (an accented letter, an escaped quote or line break).
      expect(bodyLimit('labels.import')).toBeGreaterThanOrEqual(3 * 64 * MIB);
      expect(bodyLimit('traces.import')).toBeGreaterThanOrEqual(Math.min(MAX_BODY_BYTES, 3 * 200_000_000));
      expect(bodyLimit('prove.report')).toBeGreaterThanOrEqual(Math.min(MAX_BODY_BYTES, 2 * 3 * 100_000_000));
      expect(bodyLimit('traces.import')).toBeLessThanOrEqual(MAX_BODY_BYTES);
    });

    it('reads a body of exactly the limit and refuses one byte more with 413, naming the method and the limit', async () => {
      const limit = bodyLimit('runs.list');
      const at = await post('runs.list', limit);
      expect(at.status, at.body.slice(0, 300)).toBe(200);
      const over = await post('runs.list', limit + 1);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(
          new RegExp(
            "^runs\\.list: the request is larger than browser mode's 16 MB limit for runs\\.list: " +
              'import a file this large from the command line',
          ),
        ),
      });
      expect(over.headers.connection).toBe('close');
    }, 30_000);

    it('stops reading a chunked body as soon as it passes the limit', async () => {
      const limit = bodyLimit('runs.list');
      const over = await post('runs.list', limit + 48 * MIB, { declare: false });
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error.message).toContain('16 MB limit for runs.list');
      // What sits in the socket buffers when the server stops, not the 48 MB that follow.
      expect(over.sent).toBeLessThan(limit + 24 * MIB);
    }, 30_000);

    it("takes a labels file over 16 MB, and refuses one past labels.import's own limit before reading it", async () => {
      // Over the old 16 MB limit, well under the contract's: a 20 MB text reaches the service, which knows no such run.
      const big = await post('labels.import', 20 * MIB, {
        declare: true,
        prefix: '{"run_id": "no-such-run", "format": "csv", "text": "row_id,label\\n',
        suffix: '"}',
      });
      expect(big.status, big.body.slice(0, 300)).toBe(404);
      expect(JSON.parse(big.body).error.code).toBe('NOT_FOUND');
      const limit = bodyLimit('labels.import');
      const over = await post('labels.import', limit + 1);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error.message).toContain(
        `labels.import: the request is larger than browser mode's ${Math.floor(limit / MIB)} MB limit for labels.import`,
      );
      expect(over.sent).toBeLessThan(32 * MIB);
    }, 60_000);
  });
});
