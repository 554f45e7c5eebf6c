// The lexical ranker sums its scores term by term over postings (lexicalRanker.ts), and the
// held-out pass asks it only for a pick. Both must give exactly what the plain BM25F of
// docs/routing.md gives, skill by skill: this test scores a seeded random catalog with that
// plain formula, written here on its own, and compares every score, every pick and every
// abstention.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LexicalRanker, LEXICAL_DEFAULTS } from '../../src/core/routing/lexicalRanker';
import { skillDocument, type RoutableSkill } from '../../src/core/routing/skillDocument';
import { descriptionSentences, heldOutSkill } from '../../src/core/routing/collisions';
import { terms } from '../../src/core/routing/terms';

const TIMEOUT = { timeout: 60_000 };

const WORDS = (
  'parse pdf table invoice image resize crop deploy cluster kubernetes docker test unit ' +
  'coverage lint format python script shell database query migrate schema report chart ' +
  'email calendar meeting notes summary review code pull request branch release version ' +
  'weather forecast city translate language slide deck spreadsheet excel csv json yaml'
).split(' ');

/** A deterministic generator (mulberry32), so that a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function catalog(size: number, next: () => number): RoutableSkill[] {
  const pick = (from: readonly string[]) => from[Math.floor(next() * from.length)];
  return Array.from({ length: size }, (_, i) => {
    // Each skill has a topic of its own words, which most of its sentences use.
    const topic = [`topic${i}a`, `topic${i}b`, pick(WORDS)];
    const word = () => (next() < 0.5 ? pick(topic) : pick(WORDS));
    const phrase = (n: number) => Array.from({ length: n }, word).join(' ');
    const sentences = Array.from(
      { length: 1 + Math.floor(next() * 4) },
      () => `${phrase(2 + Math.floor(next() * 6))}.`,
    );
    const not = next() < 0.4 ? ` Not for ${phrase(1 + Math.floor(next() * 3))}.` : '';
    return { name: `skill-${i}-${pick(WORDS)}`, description: `${sentences.join(' ')}${not}` };
  });
}

/** Plain BM25F with phrases and exclusions, skill by skill, as docs/routing.md gives it. */
function plainScores(
  skills: readonly RoutableSkill[],
  query: string,
  replacement?: RoutableSkill,
): Map<string, number> {
  const { k1, b, nameWeight, phraseWeight, exclusionWeight } = LEXICAL_DEFAULTS;
  const indexed = (skill: RoutableSkill) => {
    const document = skillDocument(skill);
    const tf = new Map<string, number>();
    for (const term of document.nameTerms) tf.set(term, (tf.get(term) ?? 0) + nameWeight);
    for (const term of document.descriptionTerms) tf.set(term, (tf.get(term) ?? 0) + 1);
    const pairs = new Set<string>();
    for (const sequence of [document.nameTerms, document.descriptionTerms])
      for (let i = 1; i < sequence.length; i++) pairs.add(`${sequence[i - 1]} ${sequence[i]}`);
    const length = document.nameTerms.length * nameWeight + document.descriptionTerms.length;
    return { name: skill.name, tf, excluded: new Set(document.excludedTerms), pairs, length };
  };
  const catalogIndex = skills.map(indexed);
  const df = new Map<string, number>();
  for (const skill of catalogIndex) for (const term of skill.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const average = Math.max(1, catalogIndex.reduce((sum, s) => sum + s.length, 0) / catalogIndex.length);
  const idf = (term: string) => {
    const known = Math.max(1, df.get(term) ?? 0);
    return Math.log(1 + (catalogIndex.length - known + 0.5) / (known + 0.5));
  };
  const sequence = terms(query).filter((t) => !/^\d+$/.test(t));
  const unique = [...new Set(sequence)];
  const queryPairs = new Set<string>();
  for (let i = 1; i < sequence.length; i++) queryPairs.add(`${sequence[i - 1]} ${sequence[i]}`);
  const pool = replacement
    ? [...catalogIndex.filter((s) => s.name !== replacement.name), indexed(replacement)]
    : catalogIndex;
  const scores = new Map<string, number>();
  for (const skill of pool) {
    if (!unique.some((term) => skill.tf.has(term))) continue;
    const norm = k1 * (1 - b + (b * skill.length) / average);
    let score = 0;
    for (const term of unique) {
      const tf = skill.tf.get(term) ?? 0;
      if (tf > 0) score += (idf(term) * tf * (k1 + 1)) / (tf + norm);
      else if (skill.excluded.has(term)) score -= exclusionWeight * idf(term);
    }
    for (const pair of queryPairs) {
      if (!skill.pairs.has(pair)) continue;
      const [first, second] = pair.split(' ');
      score += (phraseWeight * (idf(first) + idf(second))) / 2;
    }
    if (score > 0) scores.set(skill.name, Math.round(score * 10_000) / 10_000);
  }
  return scores;
}

test('every score the ranker gives is the plain per-skill BM25F score, on a seeded random catalog', TIMEOUT, () => {
  const next = random(25);
  const skills = catalog(120, next);
  const ranker = new LexicalRanker(skills);
  let compared = 0;
  for (const skill of skills.slice(0, 40)) {
    for (const sentence of descriptionSentences(skill.description)) {
      const ranking = ranker.rank(sentence);
      const expected = plainScores(skills, sentence);
      assert.deepStrictEqual(new Map(ranking.results.map((r) => [r.name, r.score])), expected, sentence);
      compared += ranking.results.length;
    }
  }
  assert.ok(compared > 500, `${compared} scores compared`);
});

test('pickReplacing picks what rankReplacing ranks first, with the same abstentions', TIMEOUT, () => {
  const next = random(2640);
  const skills = catalog(150, next);
  const ranker = new LexicalRanker(skills);
  const picks = new Map<string, number>();
  for (const skill of skills) {
    const sentences = descriptionSentences(skill.description);
    sentences.forEach((sentence, i) => {
      const heldOut = heldOutSkill(skill, sentences, i);
      const ranking = ranker.rankReplacing(sentence, heldOut);
      const expected = plainScores(skills, sentence, heldOut);
      assert.deepStrictEqual(new Map(ranking.results.map((r) => [r.name, r.score])), expected, sentence);
      const pick = ranker.pickReplacing(sentence, heldOut);
      assert.strictEqual(pick, ranking.pick, sentence);
      const kind = pick === null ? (ranking.abstention ?? 'none') : pick === skill.name ? 'itself' : 'other';
      picks.set(kind, (picks.get(kind) ?? 0) + 1);
    });
  }
  // The sample holds each outcome, so that the comparison covers them all.
  for (const kind of ['itself', 'other'])
    assert.ok((picks.get(kind) ?? 0) > 10, `${kind}: ${JSON.stringify([...picks])}`);
});
