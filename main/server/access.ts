import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const LOOPBACK_HOST = '127.0.0.1';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cookies are shared by every port of a host, so the name carries the port. */
export function tokenCookieName(port: number): string {
  return `while_studio_token_${port}`;
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The token from the Authorization header or the page's cookie. */
export function presentedToken(request: IncomingMessage, port: number): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  return cookieValue(request, tokenCookieName(port));
}

export function hasToken(request: IncomingMessage, port: number, token: string): boolean {
  const given = presentedToken(request, port);
  return given !== undefined && sameSecret(given, token);
}

export function isToken(given: string | null, token: string): boolean {
  return given !== null && sameSecret(given, token);
}

/** Host names this server answers to; anything else (a rebinding DNS name, say) is refused. */
export function ownHosts(port: number): Set<string> {
  return new Set([`${LOOPBACK_HOST}:${port}`, `localhost:${port}`]);
}

/** The Host header must be the server's own, and an Origin, when sent, must be too. */
export function isOwnOrigin(request: IncomingMessage, port: number): boolean {
  const hosts = ownHosts(port);
  if (!hosts.has(request.headers.host ?? '')) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && hosts.has(url.host);
  } catch {
    return false;
  }
}
