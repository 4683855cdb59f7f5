import { describe, expect, it } from 'vitest';
import { stderrSummary } from './stderr-summary';

const NODE_MISSING_MODULE = `node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/tmp/nope-agent.mjs'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at Module._load (node:internal/modules/cjs/loader:1051:27)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

const PYTHON_IMPORT = `Traceback (most recent call last):
  File "/tmp/agent.py", line 1, in <module>
    import openai_missing
ModuleNotFoundError: No module named 'openai_missing'
`;

describe('stderrSummary', () => {
  it("quotes Node's error line, never its version footer", () => {
    expect(stderrSummary(NODE_MISSING_MODULE)).toBe("Error: Cannot find module '/tmp/nope-agent.mjs'");
  });

  it("quotes Python's exception line, the shell's not-found and python's can't-open", () => {
    expect(stderrSummary(PYTHON_IMPORT)).toBe("ModuleNotFoundError: No module named 'openai_missing'");
    expect(stderrSummary('sh: 1: my-agent: not found\n')).toBe('sh: 1: my-agent: not found');
    expect(stderrSummary("python3: can't open file '/tmp/x.py': [Errno 2] No such file or directory\n")).toContain("can't open file");
  });

  it('falls back to the last few non-empty lines, and is empty when stderr says nothing', () => {
    expect(stderrSummary('loading\nstep 1\nstep 2\n\nbye\n\nNode.js v22.1.0\n')).toBe('step 1 / step 2 / bye');
    expect(stderrSummary('\n\nNode.js v20.20.2\n')).toBe('');
    expect(stderrSummary('x'.repeat(5000))).toHaveLength(400);
  });
});
