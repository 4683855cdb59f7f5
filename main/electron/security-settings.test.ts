import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../server/static-files';
import { isAppUrl, isExternalLinkAllowed, WEB_PREFERENCES } from './security-settings';

describe('desktop window security', () => {
  it('isolates the page: context isolation and sandbox on, Node off', () => {
    expect(WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('uses a CSP with no inline or eval script and no remote origins', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|https?:|\*/);
  });

  it('treats only the app origin as the app and only https as an external link', () => {
    expect(isAppUrl('app://while-studio/index.html')).toBe(true);
    expect(isAppUrl('app://while-studio.evil.example/')).toBe(false);
    expect(isAppUrl('https://while-studio/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isExternalLinkAllowed('https://huggingface.co/datasets')).toBe(true);
    expect(isExternalLinkAllowed('file:///etc/passwd')).toBe(false);
    expect(isExternalLinkAllowed('javascript:alert(1)')).toBe(false);
  });
});
