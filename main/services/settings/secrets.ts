// API keys: read from the environment, or in the desktop app from a file under the data folder encrypted with
// Electron's safeStorage. A key never goes into SQLite, a log, a row, an export or a message to the renderer: the
// renderer may set one and learn where each key comes from, never read one back.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANTHROPIC_KEY_VARIABLE, COMPATIBLE_KEY_VARIABLE, OPENAI_KEY_VARIABLE } from '../../../engine/index';
import { ServiceError } from '../app/service-error';

/** The file the desktop app keeps its keys in (each value encrypted; the file itself is JSON). */
export const KEYS_FILE = 'model-keys.json';
/** A key name the app stores or reads: the two hosted providers, a compatible server's own, or any compatible server. */
export const KEY_VARIABLE_PATTERN = /^(OPENAI_API_KEY|ANTHROPIC_API_KEY|WAI_COMPATIBLE_API_KEY|WAI_KEY_[A-Z0-9_]{1,80})$/;
const BASE_URL_VARIABLES = { openai: 'OPENAI_BASE_URL', anthropic: 'ANTHROPIC_BASE_URL' } as const;

/** The part of Electron's `safeStorage` the key file uses (injected, so services never import electron). */
export interface KeyCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means the OS keyring was not found and encryption is effectively plaintext. */
  getSelectedStorageBackend?(): string;
}

/** Keys the app holds itself (the desktop's encrypted file). */
export interface KeyStore {
  get(variable: string): string | undefined;
  set(variable: string, value: string): void;
  delete(variable: string): void;
  variables(): string[];
  /** What a person should know about how the keys are kept (e.g. Linux's plaintext fallback). */
  warnings(): string[];
}

export type KeySource = 'environment' | 'stored' | 'missing';

export interface KeyStatus {
  variable: string;
  source: KeySource;
}

interface KeyFile {
  version: 1;
  keys: Record<string, string>;
}

export const BASIC_TEXT_WARNING =
  "Keys are encrypted with Electron's basic_text backend on this Linux desktop, which is effectively plaintext: any program running as " +
  'you can read them. ' +
  'Install and unlock a keyring (GNOME Keyring or KWallet) and store them again, or set them in the environment instead.';

/** The desktop's key file: each value encrypted with safeStorage, the file written atomically and readable only by its owner. */
export class EncryptedKeyFile implements KeyStore {
  readonly #path: string;

  constructor(
    dataDir: string,
    private readonly cipher: KeyCipher,
  ) {
    this.#path = join(dataDir, KEYS_FILE);
  }

  get(variable: string): string | undefined {
    const encrypted = this.#read().keys[variable];
    if (encrypted === undefined || !this.cipher.isEncryptionAvailable()) return undefined;
    try {
      return this.cipher.decryptString(Buffer.from(encrypted, 'base64'));
    } catch {
      return undefined;
    }
  }

  set(variable: string, value: string): void {
    if (!this.cipher.isEncryptionAvailable()) {
      throw new ServiceError('CONFLICT', 'This system offers no encryption for stored keys: set the key in the environment instead.');
    }
    const file = this.#read();
    file.keys[variable] = this.cipher.encryptString(value).toString('base64');
    this.#write(file);
  }

  delete(variable: string): void {
    const file = this.#read();
    if (!(variable in file.keys)) return;
    delete file.keys[variable];
    this.#write(file);
  }

  variables(): string[] {
    return Object.keys(this.#read().keys).sort();
  }

  warnings(): string[] {
    return this.cipher.getSelectedStorageBackend?.() === 'basic_text' ? [BASIC_TEXT_WARNING] : [];
  }

  #read(): KeyFile {
    if (!existsSync(this.#path)) return { version: 1, keys: {} };
    const parsed = JSON.parse(readFileSync(this.#path, 'utf8')) as Partial<KeyFile>;
    return { version: 1, keys: { ...(parsed.keys ?? {}) } };
  }

  #write(file: KeyFile): void {
    const temporary = `${this.#path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.#path);
  }
}

/** The model keys a store holds (the same file also keeps the Hugging Face token, which is not a model key). */
function modelKeyVariables(store: KeyStore): string[] {
  return store.variables().filter((variable) => KEY_VARIABLE_PATTERN.test(variable));
}

function checkVariable(variable: string): void {
  if (!KEY_VARIABLE_PATTERN.test(variable)) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `"${variable}" is not a key name the app reads: use ${OPENAI_KEY_VARIABLE}, ${ANTHROPIC_KEY_VARIABLE}, ${COMPATIBLE_KEY_VARIABLE} ` +
        `or WAI_KEY_<HOST>_<PORT> for one OpenAI-compatible server.`,
      [{ path: 'variable', message: 'not a key name the app reads' }],
    );
  }
}

/** Where the models' keys come from for one process: the environment first, then the stored keys. */
export interface KeyRing {
  key(variable: string): string | undefined;
  base_urls: { openai?: string; anthropic?: string };
}

/** The environment's keys, then `stored` (the desktop's decrypted keys, handed to a run's worker thread). */
export function keyRing(environment: NodeJS.ProcessEnv = process.env, stored: Readonly<Record<string, string>> = {}): KeyRing {
  const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  const openai = present(environment[BASE_URL_VARIABLES.openai]);
  const anthropic = present(environment[BASE_URL_VARIABLES.anthropic]);
  return {
    key: (variable) => present(environment[variable]) ?? present(stored[variable]),
    base_urls: { ...(openai ? { openai } : {}), ...(anthropic ? { anthropic } : {}) },
  };
}

/** The stored keys, decrypted, for a run's worker thread (passed in its workerData, never persisted or logged). */
export function storedKeys(store: KeyStore | undefined): Record<string, string> {
  if (!store) return {};
  const keys: Record<string, string> = {};
  for (const variable of modelKeyVariables(store)) {
    const value = store.get(variable);
    if (value !== undefined) keys[variable] = value;
  }
  return keys;
}

/** Where each key the app knows of comes from; never the values. */
export function listKeys(
  store: KeyStore | undefined,
  environment: NodeJS.ProcessEnv = process.env,
): { keys: KeyStatus[]; warnings: string[] } {
  const names = new Set([OPENAI_KEY_VARIABLE, ANTHROPIC_KEY_VARIABLE, COMPATIBLE_KEY_VARIABLE, ...(store ? modelKeyVariables(store) : [])]);
  for (const name of Object.keys(environment)) if (KEY_VARIABLE_PATTERN.test(name)) names.add(name);
  const keys = [...names].sort().map((variable): KeyStatus => {
    const value = environment[variable];
    if (value !== undefined && value.trim() !== '') return { variable, source: 'environment' };
    return { variable, source: store?.get(variable) !== undefined ? 'stored' : 'missing' };
  });
  return { keys, warnings: store?.warnings() ?? [] };
}

/** Stores a key (desktop only: browser mode and the CLI read keys from the environment). */
export function setKey(
  store: KeyStore | undefined,
  variable: string,
  value: string,
  environment: NodeJS.ProcessEnv = process.env,
): { key: KeyStatus; warnings: string[] } {
  checkVariable(variable);
  if (!store) {
    throw new ServiceError(
      'CONFLICT',
      `Keys can be stored only in the desktop app; here, set ${variable} in the environment before starting.`,
    );
  }
  const trimmed = value.trim();
  if (trimmed === '') throw new ServiceError('VALIDATION_FAILED', 'The key is empty.', [{ path: 'value', message: 'empty' }]);
  store.set(variable, trimmed);
  const overridden = environment[variable] !== undefined && environment[variable]!.trim() !== '';
  return {
    key: { variable, source: overridden ? 'environment' : 'stored' },
    warnings: [...store.warnings(), ...(overridden ? [`${variable} is also set in the environment, which wins over the stored key.`] : [])],
  };
}

export function deleteKey(store: KeyStore | undefined, variable: string): { deleted: boolean } {
  checkVariable(variable);
  if (!store) throw new ServiceError('CONFLICT', 'Keys can be stored only in the desktop app.');
  const had = store.variables().includes(variable);
  store.delete(variable);
  return { deleted: had };
}

/** Keys held in this process's memory only (browser mode's Hugging Face token): gone when the process stops. */
export class MemoryKeyStore implements KeyStore {
  readonly #values = new Map<string, string>();

  get(variable: string): string | undefined {
    return this.#values.get(variable);
  }

  set(variable: string, value: string): void {
    this.#values.set(variable, value);
  }

  delete(variable: string): void {
    this.#values.delete(variable);
  }

  variables(): string[] {
    return [...this.#values.keys()].sort();
  }

  warnings(): string[] {
    return [];
  }
}

/** The variable a Hub push reads, and the name the token is stored under. */
export const HUB_TOKEN_VARIABLE = 'HF_TOKEN';
const HUB_TOKEN_PREFIX = 'hf_';

const fromEnvironment = (environment: NodeJS.ProcessEnv): string | undefined => {
  const value = environment[HUB_TOKEN_VARIABLE]?.trim();
  return value ? value : undefined;
};

/** The token a push uses: HF_TOKEN from the environment, else the stored one; undefined when there is none. */
export function resolveHubToken(store: KeyStore | undefined, environment: NodeJS.ProcessEnv = process.env): string | undefined {
  return fromEnvironment(environment) ?? store?.get(HUB_TOKEN_VARIABLE);
}

export interface HubTokenState {
  source: KeySource;
  warnings: string[];
}

/** Where the push's token comes from (never the token). */
export function hubTokenState(store: KeyStore | undefined, environment: NodeJS.ProcessEnv = process.env): HubTokenState {
  const stored = store?.get(HUB_TOKEN_VARIABLE) !== undefined;
  const inEnvironment = fromEnvironment(environment) !== undefined;
  const warnings = [...(store?.warnings() ?? [])];
  if (inEnvironment && stored) warnings.push(`${HUB_TOKEN_VARIABLE} is also set in the environment, which wins over the stored token.`);
  return { source: inEnvironment ? 'environment' : stored ? 'stored' : 'missing', warnings };
}

/** Keeps a Hugging Face write token; the value must look like one (hf_...). */
export function setHubToken(store: KeyStore, value: string, environment: NodeJS.ProcessEnv = process.env): HubTokenState {
  const trimmed = value.trim();
  if (!trimmed.startsWith(HUB_TOKEN_PREFIX) || /\s/.test(trimmed)) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      'A Hugging Face token starts with hf_ and has no spaces: copy a write token from huggingface.co/settings/tokens.',
      [{ path: 'value', message: 'not a Hugging Face token' }],
    );
  }
  store.set(HUB_TOKEN_VARIABLE, trimmed);
  return hubTokenState(store, environment);
}

export function deleteHubToken(store: KeyStore, environment: NodeJS.ProcessEnv = process.env): HubTokenState & { deleted: boolean } {
  const had = store.get(HUB_TOKEN_VARIABLE) !== undefined;
  store.delete(HUB_TOKEN_VARIABLE);
  return { ...hubTokenState(store, environment), deleted: had };
}
