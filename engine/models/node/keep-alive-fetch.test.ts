import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelCallError } from '../model-call-error';
import { parseModelSpec } from '../model-spec';
import { startLocalModelServer, type LocalModelServer } from './__fixtures__/local-model-server';
import { createKeepAliveFetch } from './keep-alive-fetch';
import { ModelBackends } from './model-backends';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let plain: Server;
let url: string;
let handler: Handler = (_request, _body, response) => response.end();
let connections = 0;
const closed: string[] = [];

beforeAll(async () => {
  plain = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
    response.on('close', () => {
      if (!response.writableFinished) closed.push(request.url ?? '');
    });
  });
  plain.on('connection', () => connections++);
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
});
afterAll(async () => {
  plain.closeAllConnections();
  await new Promise((resolve) => plain.close(resolve));
});

describe('the keep-alive fetch', () => {
  it('posts the body with its headers and answers a Response with the status, headers and body', async () => {
    handler = (request, body, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-ratelimit-remaining-requests': '41' });
      response.end(
        JSON.stringify({ method: request.method, type: request.headers['content-type'], length: request.headers['content-length'], body }),
      );
    };
    const fetch = createKeepAliveFetch({ max_sockets: 2 });
    const headers = new Headers({ 'Content-Type': 'application/json' });
    const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers, body: '{"é":1}' });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('41');
    expect(await response.json()).toEqual({ method: 'POST', type: 'application/json', length: '8', body: '{"é":1}' });
  });

  it('keeps one connection open across calls made one after another', async () => {
    handler = (_request, _body, response) => response.end('ok');
    const fetch = createKeepAliveFetch({ max_sockets: 4 });
    const before = connections;
    for (let call = 0; call < 5; call++) expect(await (await fetch(`${url}/again`, { method: 'POST', body: '{}' })).text()).toBe('ok');
    expect(connections - before).toBe(1);
  });

  it('waits out an answer slower than the idle time, which closes only unused connections', async () => {
    handler = (_request, _body, response) => setTimeout(() => response.end('late'), 400);
    const fetch = createKeepAliveFetch({ max_sockets: 1, idle_ms: 100 });
    expect(await (await fetch(`${url}/slow`, { method: 'POST', body: '{}' })).text()).toBe('late');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await (await fetch(`${url}/slow`, { method: 'POST', body: '{}' })).text()).toBe('late');
  });

  it('reads a body the server compressed anyway', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
      response.end(gzipSync('{"text":"hello"}'));
    };
    const response = await createKeepAliveFetch({ max_sockets: 1 })(`${url}/gzip`);
    expect(await response.json()).toEqual({ text: 'hello' });
  });

  it('rejects with an AbortError and closes the request when the signal aborts mid-call', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    const pending = createKeepAliveFetch({ max_sockets: 1 })(`${url}/hang`, { method: 'POST', body: '{}', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect((failure as Error).name).toBe('AbortError');
    await expect.poll(() => closed).toContain('/hang');
  });

  it('rejects an already aborted signal without sending anything', async () => {
    let seen = 0;
    handler = (_request, _body, response) => {
      seen++;
      response.end();
    };
    const failure = await createKeepAliveFetch({ max_sockets: 1 })(`${url}/never`, { signal: AbortSignal.abort() }).catch(
      (error: unknown) => error,
    );
    expect((failure as Error).name).toBe('AbortError');
    expect(seen).toBe(0);
  });

  it('rejects a body cut off mid-way, as a failed connection', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"half":');
      setTimeout(() => response.socket?.destroy(), 10);
    };
    const failure = await createKeepAliveFetch({ max_sockets: 1 })(`${url}/cut`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).not.toBe('AbortError');
  });
});

describe('the SDKs on the keep-alive fetch', () => {
  let server: LocalModelServer;
  beforeAll(async () => {
    server = await startLocalModelServer({ key: 'sk-test-keepalive-5b1e' });
  });
  afterAll(async () => server.close());

  it.each(['openai:gpt-4.1-mini', 'anthropic:claude-sonnet-5'])(
    '%s: a call past its own timeout fails as a timeout, mid-call',
    async (spec) => {
      const backends = new ModelBackends({
        key: () => 'sk-test-keepalive-5b1e',
        base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
        concurrency: 2,
        timeout_ms: 5000,
        retry: { max_retries: 0, initial_delay_ms: 1, max_delay_ms: 1, max_wait_ms: 1 },
      });
      server.setFaults(() => ({ kind: 'slow', delay_ms: 4000 }));
      const started = performance.now();
      const failure = await backends
        .get(parseModelSpec(spec))
        .generate({ messages: [{ role: 'user', content: 'Hello?' }], timeout_ms: 150 })
        .catch((error: unknown) => error);
      server.setFaults(undefined);
      expect(ModelCallError.isInstance(failure) && failure.kind).toBe('timeout');
      expect(performance.now() - started).toBeLessThan(3000);
    },
  );
});
