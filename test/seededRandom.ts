// The tests' and the benchmark's seeded PRNG: the core's own (src/core/base/seededRandom.ts).
export { seededRandom } from '../src/core/base/seededRandom';
