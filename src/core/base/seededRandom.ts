// One seeded PRNG (mulberry32) for everything that needs a replayable random sequence: the
// description loop's train / held-out split (routing/evalSplit.ts), and the property tests,
// fuzz tests and the benchmark's synthetic workspace (through test/seededRandom.ts).

/** A generator of numbers in [0, 1) that always yields the same sequence for a seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
