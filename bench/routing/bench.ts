// `npm run bench:routing [-- --json] [--data DIR] [--only TEXT]`: the lexical router against
// plain BM25 on the public routing sets (shared/routing-bench), one line per set, never
// blended. The dotnet sets may be used to choose the ranker's parameters; BFCL and MetaTool
// are held out (`--only dotnet` runs the tuning sets alone, so that a change can be measured
// without a look at the held-out ones). The lexical router's time per request is measured
// with its index built once per catalog, as the lint and the CLI use it.
import * as path from 'node:path';
import { DEFAULT_LISTING_BUDGET } from '../../src/core/base/limits';
import { LexicalRanker } from '../../src/core/routing/lexicalRanker';
import type { EvalSummary } from '../../src/core/routing/metrics';
import { PlainBm25 } from './bm25';
import { collisionBench } from './collisionBench';
import { runSet } from './runSet';
import {
  bfclChoice,
  bfclIrrelevance,
  dotnetActivation,
  dotnetAgentRouting,
  dotnetConfusion,
  metaTool,
  type BenchmarkSet,
} from './sets';

/** top-1 over the cases that expect a skill (the README's baseline figures are on those). */
function positiveTop1(set: BenchmarkSet, summary: EvalSummary): number | null {
  const positives = set.groups.flatMap((g) => g.cases).filter((c) => c.expected.length > 0).length;
  if (positives === 0) return null;
  const failed = summary.failures.filter((f) => f.expected.length > 0).length;
  return Math.round(((positives - failed) / positives) * 1000) / 1000;
}

function fmt(value: number | null): string {
  return value === null ? '   -  ' : value.toFixed(3).padStart(6);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  const at = argv.indexOf('--data');
  const root =
    at >= 0 ? path.resolve(argv[at + 1]) : path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'routing-bench');
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? argv[onlyAt + 1].toLowerCase() : undefined;
  const sets = [
    dotnetActivation(root),
    dotnetConfusion(root),
    dotnetAgentRouting(root),
    bfclChoice(root, 'live_multiple'),
    bfclChoice(root, 'multiple'),
    bfclIrrelevance(root, 'irrelevance'),
    bfclIrrelevance(root, 'live_irrelevance'),
    metaTool(root),
  ].filter((set) => only === undefined || set.name.toLowerCase().includes(only));
  const rows = [];
  for (const set of sets) {
    const lexical = await runSet(set, (catalog) => new LexicalRanker(catalog), 'lexical');
    const bm25 = await runSet(set, (catalog) => new PlainBm25(catalog), 'bm25');
    rows.push({ set, lexical, bm25 });
  }
  const collisions = only === undefined ? collisionBench(root) : undefined;
  if (json) {
    const figures = rows.map(({ set, lexical, bm25 }) => ({
      set: set.name,
      held_out: !set.tuning,
      lexical: {
        top1_expecting: positiveTop1(set, lexical),
        top1: lexical.top1,
        rank1: lexical.rank1,
        hit3: lexical.hit3,
        mrr: lexical.mrr,
        abstain_fpr: lexical.abstain_fpr,
        ms_per_query: Math.round(lexical.msPerQuery * 1000) / 1000,
      },
      unlisted: lexical.unlisted,
      bm25: {
        top1_expecting: positiveTop1(set, bm25),
        top1: bm25.top1,
        rank1: bm25.rank1,
        hit3: bm25.hit3,
        mrr: bm25.mrr,
        abstain_fpr: bm25.abstain_fpr,
      },
    }));
    console.log(JSON.stringify({ sets: figures, collisions }, null, 2));
    return;
  }
  console.log('Routing benchmark: lexical router vs plain BM25 (name + description), per set\n');
  console.log(
    'set                          router   top1*   top1  rank1   hit@3    MRR  abst.FPR   cases   unlisted  ms/query',
  );
  for (const { set, lexical, bm25 } of rows) {
    for (const s of [lexical, bm25]) {
      const label = s === lexical ? `${set.name}${set.tuning ? '' : ' (held out)'}` : '';
      console.log(
        `${label.padEnd(28).slice(0, 28)} ${s.router.padEnd(7)} ${fmt(positiveTop1(set, s))} ${fmt(s.top1)} ${fmt(s.rank1)} ${fmt(s.hit3)} ${fmt(s.mrr)} ${fmt(s.abstain_fpr)}   ${String(s.cases).padEnd(7)} ${String(s.unlisted).padEnd(9)} ${s.msPerQuery.toFixed(3)}`,
      );
    }
  }
  console.log(
    '\ntop1* = top-1 over the cases that expect a skill; top1 counts every case (an abstention is right only when nothing is expected);',
  );
  console.log(
    'rank1 = the share of cases expecting a skill whose right skill ranks first, as if the router never abstained;',
  );
  console.log(
    `unlisted = cases whose right skill the listing (${DEFAULT_LISTING_BUDGET} characters, of the case's candidates when it names some) leaves out.`,
  );
  if (!collisions) return;
  console.log(`\nCollision pairs (SKILL.md Inspector, ${collisions.pairs} pairs, ${collisions.collide} COLLIDE):`);
  for (const row of collisions.methods) {
    console.log(
      `  ${row.method.padEnd(34)} AUC ${row.auc.toFixed(3)}  recall ${row.recall.toFixed(3)}  precision ${row.precision.toFixed(3)}  (reported at ${row.threshold})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
