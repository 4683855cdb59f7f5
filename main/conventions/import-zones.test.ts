import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImport, findImportViolations, importsOf } from './import-zones';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('import zones', () => {
  it('hold across the repository', () => {
    const violations = findImportViolations(ROOT).map((violation) => `${violation.file}: '${violation.specifier}' (${violation.rule})`);
    expect(violations).toEqual([]);
  });

  it('catch each kind of wrong arrow', () => {
    expect(checkImport('engine/world/world.ts', '../../main/store/database')).toMatch(/engine/);
    expect(checkImport('engine/world/world.ts', '../../shared/api/contract')).toMatch(/shared\/domain/);
    expect(checkImport('engine/world/world.ts', 'node:fs')).toMatch(/adapters/);
    expect(checkImport('engine/world/world.ts', 'better-sqlite3')).toMatch(/engine/);
    expect(checkImport('engine/agents/node/command-agent.ts', 'node:child_process')).toBeUndefined();
    expect(checkImport('shared/domain/row.ts', 'react')).toMatch(/zod/);
    expect(checkImport('shared/domain/row.ts', '../../engine/index')).toMatch(/shared/);
    expect(checkImport('renderer/app.tsx', '../engine/index')).toMatch(/renderer/);
    expect(checkImport('renderer/app.tsx', 'electron')).toMatch(/renderer/);
    expect(checkImport('renderer/app.tsx', 'node:path')).toMatch(/renderer/);
    expect(checkImport('main/api/handlers.ts', '../../engine/world/world')).toMatch(/engine\/index/);
    expect(checkImport('main/api/handlers.ts', '../../renderer/app')).toMatch(/renderer/);
    expect(checkImport('e2e/runs.spec.ts', '../main/store/database')).toMatch(/e2e/);
  });

  it('let the allowed arrows through', () => {
    expect(checkImport('engine/world/world.ts', '../../shared/domain/spec')).toBeUndefined();
    expect(checkImport('engine/world/world.ts', 'pure-rand')).toBeUndefined();
    expect(checkImport('main/api/handlers.ts', '../../engine/index')).toBeUndefined();
    expect(checkImport('renderer/app.tsx', '../shared/api/contract')).toBeUndefined();
    expect(checkImport('e2e/runs.spec.ts', '../shared/domain')).toBeUndefined();
  });

  it('find static, re-export, side-effect and dynamic imports', () => {
    const source = `import { a } from './a';\nimport type { B } from "../b";\nexport * from './c';\nimport './d.css';\nconst e = await import('./e');`;
    expect(importsOf(source)).toEqual(['./a', '../b', './c', './d.css', './e']);
  });
});
