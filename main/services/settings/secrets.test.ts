import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASIC_TEXT_WARNING,
  deleteKey,
  EncryptedKeyFile,
  keyRing,
  KEYS_FILE,
  listKeys,
  setKey,
  storedKeys,
  type KeyCipher,
} from './secrets';

const KEY = 'sk-test-Jw8mQ2rT5yU1pL0z';

/** Stands in for safeStorage: a reversible scramble, so a test can see the file never holds the key in clear. */
function fakeCipher(backend = 'gnome_libsecret'): KeyCipher {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...Buffer.from(text, 'utf8')].map((byte) => byte ^ 0x5a)),
    decryptString: (data) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

describe('model keys', () => {
  it('stores a key encrypted in a file only its owner can read, and gives it back only to the main process', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-keys-'));
    const store = new EncryptedKeyFile(dataDir, fakeCipher());
    expect(setKey(store, 'OPENAI_API_KEY', ` ${KEY} `, {})).toEqual({
      key: { variable: 'OPENAI_API_KEY', source: 'stored' },
      warnings: [],
    });
    const file = readFileSync(join(dataDir, KEYS_FILE));
    expect(file.includes(KEY)).toBe(false);
    expect(statSync(join(dataDir, KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
    expect(storedKeys(store)).toEqual({ OPENAI_API_KEY: KEY });
    const listed = listKeys(store, {});
    expect(JSON.stringify(listed).includes(KEY)).toBe(false);
    expect(listed.keys).toContainEqual({ variable: 'OPENAI_API_KEY', source: 'stored' });
    expect(listed.keys).toContainEqual({ variable: 'ANTHROPIC_API_KEY', source: 'missing' });
    expect(deleteKey(store, 'OPENAI_API_KEY')).toEqual({ deleted: true });
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
  });

  it("warns when Linux falls back to safeStorage's plaintext backend", () => {
    const store = new EncryptedKeyFile(mkdtempSync(join(tmpdir(), 'while-keys-')), fakeCipher('basic_text'));
    expect(setKey(store, 'ANTHROPIC_API_KEY', KEY, {}).warnings).toEqual([BASIC_TEXT_WARNING]);
    expect(listKeys(store, {}).warnings).toEqual([BASIC_TEXT_WARNING]);
  });

  it('reads the environment first, then stored keys, and names only key variables', () => {
    const ring = keyRing(
      { OPENAI_API_KEY: 'from-env', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', ANTHROPIC_API_KEY: ' ' },
      { OPENAI_API_KEY: 'stored', ANTHROPIC_API_KEY: 'stored-a' },
    );
    expect(ring.key('OPENAI_API_KEY')).toBe('from-env');
    expect(ring.key('ANTHROPIC_API_KEY')).toBe('stored-a');
    expect(ring.base_urls).toEqual({ openai: 'http://127.0.0.1:9/v1' });
    const store = new EncryptedKeyFile(mkdtempSync(join(tmpdir(), 'while-keys-')), fakeCipher());
    expect(() => setKey(store, 'PATH', '/bin', {})).toThrow(/not a key name the app reads/);
    expect(setKey(store, 'WAI_KEY_GPU_LAN_8000', 'x', { WAI_KEY_GPU_LAN_8000: 'y' }).warnings).toEqual([
      'WAI_KEY_GPU_LAN_8000 is also set in the environment, which wins over the stored key.',
    ]);
  });

  it('refuses to store a key outside the desktop app', () => {
    expect(() => setKey(undefined, 'OPENAI_API_KEY', KEY, {})).toThrow(
      /only in the desktop app; here, set OPENAI_API_KEY in the environment/,
    );
  });
});
