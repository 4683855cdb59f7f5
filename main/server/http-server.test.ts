import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAppContext, createAppContext, type AppContext } from '../services/app-context';
import { tokenCookieName } from './access';
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
      { host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: { Host: `127.0.0.1:${server.port}`, ...options.headers } },
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
    expect((await send('/')).status).toBe(401);
    expect((await send('/assets/app.js')).status).toBe(401);
    expect((await send('/api/runs.list', { method: 'POST', headers: json, body: '{}' })).status).toBe(401);
    expect((await send('/?token=not-the-token')).status).toBe(401);
    expect((await send('/api/runs.list', { method: 'POST', headers: { ...json, Authorization: 'Bearer wrong' }, body: '{}' })).status).toBe(401);
  });

  it('answers 403 to a foreign Host or Origin even with the token', async () => {
    expect((await send('/', { headers: { ...bearer(), Host: 'evil.example' } })).status).toBe(403);
    expect((await send('/', { headers: { ...bearer(), Host: `attacker.test:${server.port}` } })).status).toBe(403);
    const foreignOrigin = await send('/api/runs.list', { method: 'POST', headers: { ...bearer(), ...json, Origin: 'http://evil.example' }, body: '{}' });
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
            if (text.includes(': connected')) context.events.emit('run-end', { run_id: 'r1', status: 'completed', stopped_because: 'budget' });
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
});
