import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { CONTENT_SECURITY_POLICY } from '../server/static-files';

// Electron's runtime is not installed here: its modules are stand-ins that record what the app gives them, so the
// window's options, its handlers, the app protocol, the preload's bridge and the IPC binding are checked as the app
// sets them up, not as a settings object says they should be.
const electron = vi.hoisted(() => {
  type Handler = (...args: never[]) => unknown;
  const state = {
    windows: [] as { options: Record<string, unknown>; loaded: string[] }[],
    appListeners: new Map<string, Handler>(),
    protocolHandler: undefined as ((request: Request) => Promise<Response>) | undefined,
    privileged: [] as unknown[],
    exposed: new Map<string, Record<string, (...args: never[]) => unknown>>(),
    invoked: [] as unknown[][],
    ipcHandlers: new Map<string, Handler>(),
    enableSandbox: 0,
  };
  return state;
});

const openExternal = vi.fn(async () => undefined);
vi.mock('electron', () => ({
  BrowserWindow: class {
    static getAllWindows = () => [];
    static getFocusedWindow = () => null;
    loaded: string[] = [];
    constructor(options: Record<string, unknown>) {
      electron.windows.push({ options, loaded: this.loaded });
    }
    once() {}
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
  },
  shell: { openExternal },
  app: {
    enableSandbox: () => (electron.enableSandbox += 1),
    on: (name: string, listener: never) => electron.appListeners.set(name, listener),
    // Never ready: importing main.ts registers its handlers and stops there (no store, no window).
    whenReady: () => new Promise(() => undefined),
    getPath: () => tmpdir(),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.privileged.push(...schemes),
    handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => (electron.protocolHandler = handler),
  },
  net: { fetch: async () => new Response('<!doctype html><title>While Studio</title>', { headers: { 'Content-Type': 'text/html' } }) },
  contextBridge: {
    exposeInMainWorld: (name: string, api: Record<string, (...args: never[]) => unknown>) => electron.exposed.set(name, api),
  },
  ipcRenderer: { invoke: async (...args: unknown[]) => electron.invoked.push(args), on: () => undefined, removeListener: () => undefined },
  ipcMain: {
    handle: (channel: string, handler: never) => electron.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => electron.ipcHandlers.delete(channel),
  },
  webContents: { getAllWebContents: () => [] },
  session: { defaultSession: {} },
  safeStorage: { isEncryptionAvailable: () => false },
  dialog: {},
}));

const { createMainWindow, lockNavigation, lockPermissions } = await import('./window');

type Listener = (event: { preventDefault(): void }, url: string) => void;

function fakeContents(lock: (contents: never) => void = lockNavigation as never) {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
  };
  lock(contents as never);
  /** Whether the named event, fired for `url`, was prevented. */
  const prevented = (name: string, url: string) => {
    let isPrevented = false;
    listeners.get(name)!({ preventDefault: () => (isPrevented = true) }, url);
    return isPrevented;
  };
  return { listeners, prevented, open: (url: string) => openHandler!({ url }) };
}

beforeEach(() => openExternal.mockClear());

describe('the desktop window locked down', () => {
  it('is created isolated and sandboxed, Node off, with only the preload, and loads the app origin', () => {
    createMainWindow('/app/dist/electron/preload.cjs');
    const window = electron.windows.at(-1)!;
    expect(window.options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
      preload: '/app/dist/electron/preload.cjs',
    });
    expect(window.loaded).toEqual(['app://while-studio/']);
  });

  it('keeps navigation and redirects on the app origin', () => {
    const { prevented } = fakeContents();
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(prevented(event, 'app://while-studio/index.html#/runs')).toBe(false);
      for (const url of [
        'https://evil.example/',
        'http://127.0.0.1:4000/',
        'file:///etc/passwd',
        'app://while-studio.evil.example/',
        'javascript:alert(1)',
        'data:text/html,hi',
      ]) {
        expect(`${event} ${url}: ${prevented(event, url)}`).toBe(`${event} ${url}: true`);
      }
    }
  });

  it('never attaches a <webview>', () => {
    expect(fakeContents().prevented('will-attach-webview', 'app://while-studio/')).toBe(true);
  });

  it('opens no window: https links go to the browser, anything else nowhere', () => {
    const { open } = fakeContents();
    expect(open('https://huggingface.co/datasets/ana/refunds')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://huggingface.co/datasets/ana/refunds');
    for (const url of ['http://example.com/', 'file:///etc/passwd', 'app://while-studio/', 'javascript:alert(1)', 'smb://host/share'])
      expect(open(url)).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('refuses every permission request and check', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((contents: unknown, permission: string) => boolean) | undefined;
    lockPermissions({
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    } as never);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial']) {
      let granted: boolean | undefined;
      request!(null, permission, (answer) => (granted = answer));
      expect(`${permission}: ${granted}`).toBe(`${permission}: false`);
      expect(check!(null, permission)).toBe(false);
    }
  });
});

describe('the app as main.ts sets it up', () => {
  it('turns the sandbox on for every renderer and locks every web contents the moment it is created', async () => {
    await import('./main');
    expect(electron.enableSandbox).toBe(1);
    const created = electron.appListeners.get('web-contents-created') as unknown as (event: unknown, contents: unknown) => void;
    expect(created).toBeDefined();
    const { prevented, open } = fakeContents((contents) => created({}, contents));
    expect(prevented('will-navigate', 'https://evil.example/')).toBe(true);
    expect(prevented('will-attach-webview', 'app://while-studio/')).toBe(true);
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    // The app scheme is standard and secure (so the CSP's 'self' means app://while-studio), and nothing more.
    expect(electron.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });

  it('serves every page of the app protocol with the strict CSP, the same one the page itself declares', async () => {
    const { handleAppProtocol } = await import('./app-protocol');
    handleAppProtocol(mkdtempSync(join(tmpdir(), 'while-renderer-')));
    const handler = electron.protocolHandler!;
    for (const path of ['/', '/index.html', '/assets/missing.js', '/../../etc/passwd']) {
      const response = await handler(new Request(`app://while-studio${path}`));
      expect(response.headers.get('Content-Security-Policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
    }
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|https?:|\*/);
    // The page repeats the policy in a <meta> (for a page opened any other way), less what a <meta> cannot carry.
    const page = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const inMeta = CONTENT_SECURITY_POLICY.split('; ').filter((directive) => !/^(frame-ancestors|report-uri|sandbox)\b/.test(directive));
    expect(/http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1]?.split('; ')).toEqual(inMeta);
  });

  it("gives the page one bridge, limited to the contract's methods and events, never ipcRenderer itself", async () => {
    await import('./preload');
    expect([...electron.exposed.keys()]).toEqual(['whileStudio']);
    const bridge = electron.exposed.get('whileStudio')!;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    await bridge.invoke!('rows.page' as never, { run_id: 'run_x' } as never);
    expect(electron.invoked.at(-1)).toEqual(['while-studio:invoke', 'rows.page', { run_id: 'run_x' }]);
    await expect(bridge.invoke!('fs.readFile' as never, {} as never)).rejects.toThrow(/unknown method/);
    expect(() => bridge.on!('ipc-anything' as never, (() => undefined) as never)).toThrow(/unknown event/);
    expect(electron.invoked).toHaveLength(1);
  });

  it('answers IPC calls only from the app page, and parses every input with the contract', async () => {
    const { bindIpc } = await import('./ipc');
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-ipc-')), mode: 'desktop' });
    const unbind = bindIpc(context);
    try {
      const handler = electron.ipcHandlers.get('while-studio:invoke') as unknown as (
        event: unknown,
        method: unknown,
        input: unknown,
      ) => Promise<{ ok: boolean; error?: { code: string } }>;
      const from = (url: string) => ({ senderFrame: { url } });
      for (const url of ['https://evil.example/', 'file:///tmp/page.html', 'app://while-studio.evil.example/', '']) {
        expect(await handler(from(url), 'app.info', {}), url).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      }
      expect(await handler(from('app://while-studio/index.html'), 'app.info', {})).toMatchObject({ ok: true });
      expect(await handler(from('app://while-studio/index.html'), 'runs.get', { run_id: 7 })).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED' },
      });
      expect(await handler(from('app://while-studio/index.html'), 'require', 'child_process')).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
    } finally {
      unbind();
      await closeAppContext(context);
    }
  });
});
