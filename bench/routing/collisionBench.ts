// The SKILL.md Inspector's 26 labelled description pairs (12 COLLIDE, 14 DISTINCT), scored
// as that tool scores its own heuristic: AUC over the pairs, and recall and precision of the
// pairs reported. Held-out data: nothing here was tuned on it.
import { descriptionSentences, heldOutSkill, OVERLAP_MIN_SHARE } from '../../src/core/routing/collisions';
import { LexicalRanker } from '../../src/core/routing/lexicalRanker';
import type { RoutableSkill } from '../../src/core/routing/skillDocument';
import { terms } from '../../src/core/routing/terms';
import { collisionPairs, type CollisionPair } from './sets';

export interface CollisionFigures {
  readonly pairs: number;
  readonly collide: number;
  readonly methods: { method: string; auc: number; recall: number; precision: number; threshold: number }[];
}

function auc(pairs: readonly CollisionPair[], scores: readonly number[]): number {
  let wins = 0;
  let total = 0;
  pairs.forEach((p, i) => {
    if (p.label !== 'COLLIDE') return;
    pairs.forEach((q, j) => {
      if (q.label !== 'DISTINCT') return;
      total++;
      wins += scores[i] > scores[j] ? 1 : scores[i] === scores[j] ? 0.5 : 0;
    });
  });
  return total === 0 ? 0 : wins / total;
}

function reported(pairs: readonly CollisionPair[], scores: readonly number[], threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pairs.forEach((p, i) => {
    const hit = scores[i] >= threshold;
    if (hit && p.label === 'COLLIDE') tp++;
    else if (hit) fp++;
    else if (p.label === 'COLLIDE') fn++;
  });
  return { recall: tp / Math.max(1, tp + fn), precision: tp + fp === 0 ? 0 : tp / (tp + fp) };
}

function jaccard(a: RoutableSkill, b: RoutableSkill): number {
  const x = new Set(terms(`${a.name} ${a.description}`));
  const y = new Set(terms(`${b.name} ${b.description}`));
  const shared = [...x].filter((t) => y.has(t)).length;
  return shared / Math.max(1, x.size + y.size - shared);
}

/** The share of `from`'s held-out sentences that route to `to` rather than to the rest of `from`. */
function sentenceShare(ranker: LexicalRanker, from: RoutableSkill, to: RoutableSkill): number {
  const sentences = descriptionSentences(from.description);
  if (sentences.length === 0) return 0;
  let taken = 0;
  sentences.forEach((sentence, i) => {
    const ranking = ranker.rankReplacing(sentence, heldOutSkill(from, sentences, i), [from.name, to.name]);
    if (ranking.pick === to.name) taken++;
  });
  return taken / sentences.length;
}

export function collisionBench(root: string): CollisionFigures {
  const pairs = collisionPairs(root);
  // The catalog is every description of the file (their statistics), each pair judged between its two.
  const byName = new Map<string, RoutableSkill>();
  for (const p of pairs) for (const s of [p.a, p.b]) if (!byName.has(s.name)) byName.set(s.name, s);
  const distinct = pairs.map((p) => (p.a.name === p.b.name ? { ...p, b: { ...p.b, name: `${p.b.name}-b` } } : p));
  const catalog = [...byName.values(), ...distinct.filter((p, i) => p !== pairs[i]).map((p) => p.b)];
  const ranker = new LexicalRanker(catalog, undefined);
  const overlap = distinct.map((p) => jaccard(p.a, p.b));
  // As the lint counts it: the confusion must go both ways.
  const routing = distinct.map((p) => Math.min(sentenceShare(ranker, p.a, p.b), sentenceShare(ranker, p.b, p.a)));
  const methods = [
    { method: 'word overlap (Jaccard of terms)', scores: overlap, threshold: 0.3 },
    { method: 'held-out sentence routing (lint)', scores: routing, threshold: OVERLAP_MIN_SHARE },
  ];
  return {
    pairs: pairs.length,
    collide: pairs.filter((p) => p.label === 'COLLIDE').length,
    methods: methods.map((m) => ({
      method: m.method,
      auc: auc(distinct, m.scores),
      ...reported(distinct, m.scores, m.threshold),
      threshold: m.threshold,
    })),
  };
}
