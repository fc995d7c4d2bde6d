/**
 * The order of the system tier's files: vitest's own (larger files first on a clean clone, then by
 * the last run's durations), except that the files whose checks Scan the whole table run first.
 * Every system file shares one stack and so one table, which grows with each file; a Scan of it
 * late in the run took a minute (company deletion's two passes, the tests' own snapshots of a
 * company's items, the backup). Run first, on the seed data, they take seconds. Their timeouts
 * still allow for a late run (a single file run after others, a retried file).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SCANS_WHOLE_TABLE = [
  'test/integration/companies.test.ts',
  'test/integration/bad-input.test.ts',
  'test/e2e/companies.test.ts',
  'test/e2e/content.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = SCANS_WHOLE_TABLE.findIndex((f) => spec.moduleId.endsWith(f));
  return i < 0 ? SCANS_WHOLE_TABLE.length : i;
};

export default class ScansFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // vitest keeps each project's files together; within a project, the scanners first in the
    // list's order, the rest as vitest had them.
    const projectAt = new Map<string, number>();
    sorted.forEach((spec, at) => projectAt.has(spec.project.name) || projectAt.set(spec.project.name, at));
    return sorted
      .map((spec, at) => ({ spec, at, project: projectAt.get(spec.project.name)! }))
      .sort((a, b) => a.project - b.project || rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
