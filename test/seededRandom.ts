// The tests' and the benchmark's seeded PRNG: the core's own (src/core/base/seededRandom.ts).
export { seededRandom } from '../src/core/base/seededRandom';

/** A text of 1 to `maxParts` parts, each drawn from `parts` by `random`: fuzzed input made of what a parser tells apart. */
export function randomText(random: () => number, parts: readonly string[], maxParts: number): string {
  const length = 1 + Math.floor(random() * maxParts);
  let text = '';
  for (let j = 0; j < length; j++) text += parts[Math.floor(random() * parts.length)];
  return text;
}
