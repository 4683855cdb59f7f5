/** Shapes of provider keys that must never reach a message, a log or a row, even when a server echoes one. */
const KEY_SHAPES = /\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{8,}|Bearer\s+[A-Za-z0-9._~+/-]{8,}=*)/g;

/**
 * The text with each given secret, and anything shaped like a provider key, replaced by `[redacted]`. Applied to
 * every error message an adapter builds from a server's answer.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  }
  return clean.replace(KEY_SHAPES, '[redacted]');
}
