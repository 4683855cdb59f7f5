// Reads the test runners' JSON reports and prints one plain closing line: `N passed, N failed`.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);

const unit = read('test-results/unit-report.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += (unit.numFailedTests ?? 0) + (unit.numRuntimeErrorTestSuites ?? 0);
} else failed += 1;

const e2e = read('test-results/e2e-report.json');
if (e2e) {
  passed += e2e.stats?.expected ?? 0;
  failed += (e2e.stats?.unexpected ?? 0) + (e2e.stats?.flaky ?? 0);
} else failed += 1;

if (passed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
