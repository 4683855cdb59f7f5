import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The zones live in eslint.config.js (`npm run lint` holds the repository to them); this checks they catch each wrong arrow.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The zone messages ESLint gives `source` as if it were the file `file` (a path from the repository root). */
async function zoneErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}${file}` });
  const zoneRules = ['no-restricted-imports', 'zones/dynamic-imports'];
  return result!.messages.filter((message) => zoneRules.includes(message.ruleId ?? '')).map((message) => message.message);
}

describe('import zones', () => {
  it.each([
    ['engine/world/world.ts', "import { openStore } from '../../main/store/database';", /engine\/ imports only/],
    ['engine/world/world.ts', "import { Contract } from '../../shared/api/contract';", /shared\/domain/],
    ['engine/world/world.ts', "import { readFileSync } from 'node:fs';", /Node only in adapters/],
    ['engine/world/world.ts', "import fs from 'fs';", /Node only in adapters/],
    ['engine/world/world.ts', "import Database from 'better-sqlite3';", /engine\/ imports only/],
    ['engine/export/index.ts', "export { writeJsonl } from './node/jsonl-writer';", /node\/ adapters/],
    ['engine/index.ts', "export * from './export/node/jsonl-writer';", /node\/ adapters/],
    ['engine/world/world.ts', "const store = await import('../../main/store/database');", /engine\/ imports only/],
    ['shared/domain/row.ts', "import React from 'react';", /zod/],
    ['shared/domain/row.ts', "import { simulate } from '../../engine/index';", /shared\/ imports only/],
    ['renderer/app.tsx', "import { simulate } from '../engine/index';", /renderer\/ imports only/],
    ['renderer/app.tsx', "import { app } from 'electron';", /renderer\/ imports only/],
    ['renderer/app.tsx', "import { join } from 'node:path';", /never uses Node/],
    ['renderer/app.tsx', "import fs from 'fs';", /never uses Node/],
    ['renderer/app.tsx', "import OpenAI from 'openai';", /browser packages/],
    ['renderer/app.tsx', "const sdk = await import('openai');", /browser packages/],
    ['main/api/handlers.ts', "import { World } from '../../engine/world/world';", /engine\/index/],
    ['main/api/handlers.ts', "import { App } from '../../renderer/app';", /never renderer/],
    ['e2e/runs.spec.ts', "import { openStore } from '../main/store/database';", /e2e\//],
  ])('%s: %s is refused', async (file, source, message) => {
    const errors = await zoneErrors(file, source);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(message);
  });

  it.each([
    ['engine/world/world.ts', "import { Spec } from '../../shared/domain/spec';"],
    ['engine/world/world.ts', "import prand from 'pure-rand';"],
    ['engine/agents/node/command-agent.ts', "import { spawn } from 'node:child_process';"],
    ['engine/node/index.ts', "export * from '../export/node/jsonl-writer';"],
    ['main/api/handlers.ts', "import { simulate } from '../../engine/index';"],
    ['main/cli/wai.ts', "const node = await import('../../engine/node/index');"],
    ['renderer/app.tsx', "import { Contract } from '../shared/api/contract';"],
    ['renderer/app.tsx', "import { useTable } from '@tanstack/react-table';"],
    ['renderer/views/label/label-view.test.tsx', "import { render } from '@testing-library/react';"],
    ['e2e/runs.spec.ts', "import { Row } from '../shared/domain';"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await zoneErrors(file, source)).toEqual([]);
  });
});
