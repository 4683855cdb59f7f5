// Browser mode from the network's side, beyond main/server/http-server.test.ts: the socket is bound to 127.0.0.1 and
// nothing else (read from the kernel's own table), the machine's other addresses refuse the connection, and the
// token, Host and Origin rules hold for every way a page or another program could try to get in.
import fc from 'fast-check';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, METHODS } from '../../shared/api';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { tokenCookieName } from '../server/access';
import { startBrowserServer, type BrowserServer } from '../server/http-server';
import { seedExportRun } from '../test-support/export-run';
import { reliabilitySettings } from './long-mode';

let context: AppContext;
let server: BrowserServer;
let rowId: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'while-server-security-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>While Studio</title>');
  context = createAppContext({ dataDir: join(root, 'data'), mode: 'browser' });
  const seeded = await seedExportRun(context, { budget: 8 });
  rowId = (context.db.prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal LIMIT 1').get(seeded.run_id) as { id: string }).id;
  server = await startBrowserServer(context, { port: 0, rendererDir });
}, 60_000);

afterAll(async () => {
  await server.close();
  await closeAppContext(context);
});

interface Reply {
  status: number;
  body: string;
}

function send(options: {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  host?: string;
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: options.host ?? '127.0.0.1',
        port: server.port,
        // A fresh connection per request: a refused body may leave the server closing the one before.
        agent: false,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${server.port}`, ...options.headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Resolves with the error code of a TCP connection attempt, or `connected`. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

/** The status line's code for a request written by hand (an HTTP/1.0 request may carry no Host at all). */
function rawStatus(text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: server.port }, () => socket.end(text));
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

const bearer = () => ({ Authorization: `Bearer ${server.token}` });
const json = { 'Content-Type': 'application/json' };
const labelsOfRow = () => (context.db.prepare('SELECT COUNT(*) AS n FROM labels WHERE row_id = ?').get(rowId) as { n: number }).n;

/** Local addresses listening on `port`, from /proc/net/tcp and tcp6 (hex, little-endian for IPv4). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort!, 16) !== port) continue;
      addresses.push(
        address!.length === 8
          ? address!
              .match(/../g)!
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join('.')
          : `ipv6:${address}`,
      );
    }
  }
  return addresses;
}

describe('browser mode seen from the network', () => {
  it('is bound to 127.0.0.1 only: the kernel lists that one listening address for the port', () => {
    if (!existsSync('/proc/net/tcp')) {
      process.stdout.write('skipped the bound-address check: no /proc/net/tcp on this system (Linux only)\n');
      return;
    }
    expect(listeningAddresses(server.port)).toEqual(['127.0.0.1']);
  });

  it("refuses connections on the machine's other addresses, IPv6 loopback included", async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal && !entry.address.startsWith('fe80'))
      .map((entry) => entry!.address);
    if (others.length === 0) process.stdout.write('this machine has no non-loopback address: only ::1 is tried\n');
    for (const address of [...others, '::1'])
      expect(`${address}: ${await tryConnect(address, server.port)}`).toBe(`${address}: ECONNREFUSED`);
    expect(await tryConnect('127.0.0.1', server.port)).toBe('connected');
  });

  it('takes the token only from the Authorization header or its own cookie, never from an API URL', async () => {
    const call = (headers: Record<string, string>, path = '/api/app.info') =>
      send({ path, method: 'POST', headers: { ...json, ...headers }, body: '{}' });
    expect((await call({}, `/api/app.info?token=${server.token}`)).status).toBe(401);
    expect((await call({ Cookie: `${tokenCookieName(server.port + 1)}=${server.token}` })).status).toBe(401);
    expect((await call({ Cookie: `while_studio_token=${server.token}` })).status).toBe(401);
    expect((await call({ Authorization: `Basic ${server.token}` })).status).toBe(401);
    expect((await call({ Authorization: `Bearer ${server.token.slice(0, -1)}` })).status).toBe(401);
    expect((await call({ Authorization: `Bearer ${server.token}x` })).status).toBe(401);
    expect((await send({ path: '/api/events' })).status).toBe(401);
    expect((await call({ Cookie: `${tokenCookieName(server.port)}=${server.token}` })).status).toBe(200);
    expect((await call(bearer())).status).toBe(200);
  });

  it('answers only to its own Host and Origin, whatever the token', async () => {
    const call = (headers: Record<string, string>) =>
      send({ path: '/api/app.info', method: 'POST', headers: { ...json, ...bearer(), ...headers }, body: '{}' });
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
      `[::1]:${server.port}`,
      `0.0.0.0:${server.port}`,
      `127.0.0.1.nip.io:${server.port}`,
      `evil.example:${server.port}`,
    ]) {
      expect(`${host} -> ${(await call({ Host: host })).status}`).toBe(`${host} -> 403`);
    }
    for (const origin of [
      'null',
      `https://127.0.0.1:${server.port}`,
      `http://127.0.0.1:${server.port + 1}`,
      `http://evil.example:${server.port}`,
      'file://',
      'app://while-studio',
    ]) {
      expect(`${origin} -> ${(await call({ Origin: origin })).status}`).toBe(`${origin} -> 403`);
    }
    expect(
      await rawStatus(
        `POST /api/app.info HTTP/1.0\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ` +
          `2\r\n\r\n{}`,
      ),
    ).toBe(403);
    expect((await call({ Host: `localhost:${server.port}` })).status).toBe(200);
    expect((await call({ Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await call({ Origin: `http://localhost:${server.port}`, Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('never runs a refused call: a label sent from a foreign page or as a form post is not stored', async () => {
    const before = labelsOfRow();
    const body = JSON.stringify({ row_id: rowId, label: 'fail' });
    const cookie = { Cookie: `${tokenCookieName(server.port)}=${server.token}` };
    expect(
      (await send({ path: '/api/labels.set', method: 'POST', headers: { ...json, ...bearer(), Origin: 'http://evil.example' }, body }))
        .status,
    ).toBe(403);
    expect(
      (await send({ path: '/api/labels.set', method: 'POST', headers: { ...json, Host: `evil.example:${server.port}` }, body })).status,
    ).toBe(403);
    // What a cross-site <form> can send: no custom header, a "simple" content type (the cookie is SameSite=Strict anyway).
    expect(
      (await send({ path: '/api/labels.set', method: 'POST', headers: { ...cookie, 'Content-Type': 'text/plain' }, body })).status,
    ).toBe(415);
    expect(
      (
        await send({
          path: '/api/labels.set',
          method: 'POST',
          headers: { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `row_id=${rowId}&label=fail`,
        })
      ).status,
    ).toBe(415);
    expect((await send({ path: '/api/labels.set', method: 'GET', headers: bearer() })).status).toBe(405);
    expect(labelsOfRow()).toBe(before);
    expect((await send({ path: '/api/labels.set', method: 'POST', headers: { ...json, ...bearer() }, body })).status).toBe(200);
    expect(labelsOfRow()).toBe(before + 1);
  });

  it('answers any body a program could send to any method with a status and a closed error that names the problem', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ how: 'random text', bytes: Buffer.from(text) })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({ how: 'random JSON', bytes: Buffer.from(JSON.stringify(value) ?? 'null') })),
      fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => ({ how: 'JSON cut in half', bytes: Buffer.from((JSON.stringify({ value }) ?? '').slice(0, -2)) })),
      fc
        .jsonValue({ maxDepth: 2 })
        .map((value) => ({ how: 'JSON with a byte-order mark', bytes: Buffer.from(`\uFEFF${JSON.stringify({ value })}`) })),
      fc
        .jsonValue({ maxDepth: 2 })
        .map((value) => ({ how: 'JSON in UTF-16', bytes: Buffer.from(`\uFEFF${JSON.stringify({ value })}`, 'utf16le') })),
      fc.constantFrom(
        { how: 'nothing', bytes: Buffer.alloc(0) },
        { how: 'NUL bytes', bytes: Buffer.alloc(64) },
        { how: 'deeply nested array', bytes: Buffer.from(deep(50_000)) },
        { how: 'deeply nested spec', bytes: Buffer.from(`{"spec": ${deep(20_000)}}`) },
        { how: 'deeply nested object', bytes: Buffer.from(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) },
      ),
    );
    const method = fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...METHODS) },
      { weight: 1, arbitrary: fc.constantFrom('nope.nope', 'labels', '__proto__', 'constructor', '../app.info') },
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(method, body, async (name, { how, bytes }) => {
        const reply = await send({
          path: `/api/${encodeURIComponent(name)}`,
          method: 'POST',
          headers: { ...json, ...bearer(), 'Content-Length': String(bytes.length) },
          body: bytes,
        });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        expect([200, 400, 404, 409, 413], `${name} <- ${how}: ${reply.status} ${reply.body.slice(0, 300)}`).toContain(reply.status);
        if (reply.status === 200) return;
        const result = JSON.parse(reply.body) as { ok: boolean; error: { code: string; message: string } };
        expect(result.ok).toBe(false);
        expect(ERROR_CODES).toContain(result.error.code);
        expect(result.error.message.trim(), `${name} <- ${how}`).not.toBe('');
      }),
      { numRuns: reliabilitySettings().isLong ? 2000 : 150, ...reliabilitySettings().fuzz },
    );
    // Still serving, and the refusals were the body's fault or the method's, never the server's.
    expect((await send({ path: '/api/app.info', method: 'POST', headers: { ...json, ...bearer() }, body: '{}' })).status).toBe(200);
    expect(statuses.get(500) ?? 0).toBe(0);
    process.stdout.write(`bodies fuzzed by status: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
  }, 120_000);

  it('refuses a body over the 16 MB limit with 413', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 0x20);
    const reply = await send({
      path: '/api/specs.check',
      method: 'POST',
      headers: { ...json, ...bearer(), 'Content-Length': String(big.length) },
      body: big,
    }).catch((error: NodeJS.ErrnoException) => ({
      status: error.code === 'EPIPE' || error.code === 'ECONNRESET' ? 413 : 0,
      body: String(error),
    }));
    expect(reply.status, reply.body.slice(0, 200)).toBe(413);
  });

  it('makes a new 256-bit token at every start', async () => {
    const other = await startBrowserServer(context, { port: 0, rendererDir: join(tmpdir(), 'no-renderer') });
    try {
      expect(other.token).not.toBe(server.token);
      expect(Buffer.from(other.token, 'base64url')).toHaveLength(32);
      const reply = await send({
        path: '/api/app.info',
        method: 'POST',
        headers: { ...json, Authorization: `Bearer ${other.token}` },
        body: '{}',
      });
      expect(reply.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
