// One benchmark set through the router that the CLI and the editor use (core/routing/evalRun.ts),
// so that `npm run bench:routing` and `skillsmith eval` give one figure on the same data
// (test/integration/routingBench.test.ts holds them to it).
import { DEFAULT_LISTING_BUDGET } from '../../src/core/base/limits';
import { rankerCaseRouter, runEval, seenSkills, type CaseRanking } from '../../src/core/routing/evalRun';
import { summarize, type CaseOutcome, type EvalSummary } from '../../src/core/routing/metrics';
import type { RoutableSkill } from '../../src/core/routing/skillDocument';
import type { BenchmarkSet } from './sets';

/** A set's summary, with rank-1, the time per request and the cases whose right skill is unlisted. */
export interface SetFigures extends EvalSummary {
  readonly rank1: number | null;
  readonly msPerQuery: number;
  readonly unlisted: number;
}

/**
 * One set through the router the CLI and the editor use (evalRun.ts): each group's skills are
 * its catalog, each case is listed under the default budget (of its candidates, when it names
 * some), and the outcomes are summed by the CLI's summary. `unlisted` counts the cases whose
 * right skill the listing leaves out, which no router can pick.
 */
export async function runSet(
  set: BenchmarkSet,
  build: (catalog: readonly RoutableSkill[]) => { rank(query: string): CaseRanking },
  name: string,
): Promise<SetFigures> {
  const outcomes: CaseOutcome[] = [];
  let unlisted = 0;
  const started = performance.now();
  for (const group of set.groups) {
    const router = rankerCaseRouter(name, group.catalog, build, DEFAULT_LISTING_BUDGET);
    outcomes.push(...(await runEval(group.cases, router, { runs: 1 })));
    for (const c of group.cases) {
      if (c.expected.length === 0) continue;
      const seen = new Set(seenSkills(group.catalog, c.candidates, DEFAULT_LISTING_BUDGET).map((s) => s.name));
      if (![...c.expected, ...c.acceptable].some((n) => seen.has(n))) unlisted++;
    }
  }
  // rank-1: the share of cases expecting a skill whose right skill ranks first, abstention aside.
  const expecting = outcomes.filter((o) => o.case.expected.length > 0);
  const msPerQuery = (performance.now() - started) / Math.max(1, outcomes.length);
  const first = expecting.filter(
    (o) =>
      o.ranking?.[0] !== undefined &&
      (o.case.expected.includes(o.ranking[0]) || o.case.acceptable.includes(o.ranking[0])),
  ).length;
  return {
    ...summarize(name, outcomes),
    rank1: expecting.length === 0 ? null : Math.round((first / expecting.length) * 1000) / 1000,
    msPerQuery,
    unlisted,
  };
}
