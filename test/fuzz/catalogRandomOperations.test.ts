// The catalog's property test on more seeds than the unit suite runs (seeds 1 and 2 are in
// test/unit/scanAndUpdater.test.ts): random file operations, the catalog compared with a fresh scan.
import { test } from 'node:test';
import { runRandomOperations } from '../unit/catalogRandomOperations';

for (const seed of [3, 4, 5, 6, 7, 8]) {
  test(`property: the incremental catalog equals a fresh scan after random operations (seed ${seed})`, () =>
    runRandomOperations(seed, 300, 4));
}
