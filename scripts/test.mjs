// The README's test command. First, once per machine, what the suites need from outside the
// repository (each script skips what is already there and says what it builds, and for how long):
// a real VS Code, the real model servers, the Kotlin core's JVM libraries. Then the type check,
// protocol schema freshness, every vitest suite (unit, property, in-process and packaged end-to-end),
// and the Kotlin core's JUnit suite. Ends with the plain "N passed, N failed" line CI reads; exits
// non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

let passed = 0;
let failed = 0;
/** What failed, named again right above the summary, so the last lines of a long log say which. */
const failures = [];

function step(name, command, args) {
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/** A set-up script: its progress lines (stderr) shown, its stdout (the paths it prints) not. */
function setUp(name, script) {
  if (spawnSync('bash', [script], { stdio: ['ignore', 'ignore', 'inherit'] }).status === 0) return;
  failed++;
  failures.push(`set-up of ${name}: see its message above`);
}

console.log('\n== once per machine: what the suites need (skipped when already there)');
setUp('a real VS Code (code-server, Node 24, chromium)', 'vscode-extension/e2e/install-vscode.sh');
setUp('the real model servers (llama-server, Ollama, test models)', 'scripts/real-servers/build.sh');
setUp("the Kotlin core's JVM libraries", 'scripts/kotlin-libs.sh');

check('type check', 'npx', ['tsc', '-p', '.']);
check('generated copies are up to date (protocol.json, validators, the settings table in docs/configuration.md)', 'npx', ['tsx', 'scripts/gen-protocol.ts', '--check']);

/**
 * A vitest run, its tests counted from its JSON report. A file that fails without a failed test (it
 * did not load, a hook failed) counts as one failure, and so does a run that fails without either.
 */
function vitest(name, args) {
  const report = join(mkdtempSync(join(tmpdir(), 'redline-test-')), 'vitest.json');
  const ok = step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const before = failures.length;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    for (const file of json.testResults) {
      const where = relative(process.cwd(), file.name);
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of tests) failures.push(`${where} > ${test.fullName}`);
      if (file.status === 'failed' && tests.length === 0) failures.push(`${where}: ${(file.message ?? '').split('\n')[0]}`);
    }
    if (!ok && failures.length === before) failures.push(`${name}: the run failed outside its tests`);
  } catch {
    failures.push(`${name}: no report`);
  }
  failed += failures.length - before;
}

vitest('vitest', []);
// Real llama.cpp and Ollama servers, on their own: they take both cores.
vitest('real model servers (llama.cpp llama-server, Ollama)', ['--config', 'test/real-servers/vitest.config.ts']);

console.log('\n== kotlin core');
// The Kotlin integration tests drive the packaged sidecar, as the vitest end-to-end tests do.
const sidecar = join(process.cwd(), 'dist', process.platform === 'win32' ? 'redline-sidecar.exe' : 'redline-sidecar');
const kotlin = spawnSync('bash', ['scripts/kotlin-test.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, REDLINE_SIDECAR: sidecar } });
process.stdout.write(kotlin.stdout ?? '');
const counts = /kotlin: (\d+) passed, (\d+) failed/.exec(kotlin.stdout ?? '');
if (counts) {
  passed += Number(counts[1]);
  failed += Number(counts[2]);
}
if (counts && Number(counts[2]) > 0) failures.push('kotlin core: see the JUnit tree above');
if (kotlin.status !== 0 && (!counts || Number(counts[2]) === 0)) {
  failed++;
  failures.push('kotlin core: the run failed outside its tests');
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
