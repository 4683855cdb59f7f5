import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The conduct fixtures' spans as the renderer's transcript test reads them (renderer/views/conversation/__fixtures__/
 * conduct-evidence.json): the renderer may not import the engine, so the engine's test keeps this file equal to what
 * the conduct checks give. `WRITE_FIXTURES=1` writes it again.
 */
export const EVIDENCE_FILE = fileURLToPath(
  new URL('../../../../renderer/views/conversation/__fixtures__/conduct-evidence.json', import.meta.url),
);

export const readEvidenceFile = (): unknown => JSON.parse(readFileSync(EVIDENCE_FILE, 'utf8'));

export const writeEvidenceFile = (value: unknown): void => writeFileSync(EVIDENCE_FILE, `${JSON.stringify(value, null, 2)}\n`);
