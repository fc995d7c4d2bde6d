#!/usr/bin/env node
// `npm test`: builds the SPA the browser tests load, runs every vitest project, and ends with
// the plain line 'N passed, N failed' that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env });

if (!process.env.SKIP_WEB_BUILD) {
  const build = run('npm', ['run', 'build', '-w', '@conversa/web']);
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Two passes: the fast tiers, then the system tier (it runs a whole stack with DynamoDB Local, the
// session host and Chromium; on two cores it should not share the machine with the other tiers).
const extra = process.argv.slice(2);
const passes = extra.length
  ? [extra]
  : [
      ['--project', 'unit', '--project', 'local', '--project', 'cdk', '--project', 'web'],
      ['--project', 'system'],
    ];
let passed = 0;
let failed = 0;
let ok = true;
const failures = [];
passes.forEach((args, i) => {
  const report = `test-results/vitest-${i}.json`;
  rmSync(report, { force: true });
  const res = run('node', ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args]);
  if (res.status !== 0) ok = false;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    // A file that fails to load fails no test of its own: count it, so the line never says 0 failed on a red run.
    failed += json.numFailedTests || (res.status !== 0 ? Math.max(1, json.numFailedTestSuites ?? 0) : 0);
    for (const file of json.testResults ?? []) {
      const name = file.name.replace(`${process.cwd()}/`, '');
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (tests.length === 0 && file.status === 'failed') failures.push(`${name}: ${(file.message ?? '').split('\n')[0]}`);
      for (const t of tests) failures.push(`${name} > ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  } else {
    ok = false;
    failed += 1;
  }
});
// The failures again at the end, where a log's tail shows them.
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && passed > 0 ? 0 : 1);
