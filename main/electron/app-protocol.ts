import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY, staticFilePath } from '../server/static-files';
import { APP_HOST, APP_SCHEME } from './ipc-channels';
import { join } from 'node:path';

/** Must run before `app.whenReady()`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer from app://while-studio/ with the same CSP as browser mode. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('not found', { status: 404 });
    const file = staticFilePath(rendererDir, url.pathname) ?? join(rendererDir, 'index.html');
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
