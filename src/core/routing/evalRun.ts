// Running routing cases through a router, N times each (docs/routing.md, "Repeats"), with
// progress and cancellation. The router is anything that picks for one case: the lexical
// ranker here, a model (core/chat/modelCaseRouter.ts) in the editor and the CLI.
import { NEVER_CANCELLED, type CancellationToken } from '../base/cancellation';
import { forEachConcurrent } from '../base/concurrency';
import { compareCodePoints } from '../base/text';
import { buildListing } from '../catalog/listing';
import type { RoutingCase } from './evalCases';
import { LexicalRanker } from './lexicalRanker';
import type { CaseOutcome } from './metrics';
import type { RoutableSkill } from './skillDocument';

/** What one run of one case gave. */
export interface RoutedPick {
  readonly pick: string | null;
  /** A ranker's order, best first. */
  readonly ranking?: readonly string[];
  /** Set when the router failed on this case: the run is left out of the figures, and counted as an error. */
  readonly error?: string;
}

export interface CaseRouter {
  /** Shown in reports: `lexical`, or the model's name. */
  readonly name: string;
  /** Default repeats: 1 for a deterministic ranker, 3 for a model. */
  readonly defaultRuns: number;
  route(c: RoutingCase, token: CancellationToken): Promise<RoutedPick>;
}

/** How many rankers over candidate sets are kept (a data set may give each case its own). */
const MAX_CANDIDATE_RANKERS = 256;

/** What a ranker answers for one query: its order, best first, and its pick (null: it abstains). */
export interface CaseRanking {
  readonly results: readonly { readonly name: string }[];
  readonly pick: string | null;
}

/**
 * The skills a case is routed among: the listing the model would see, of the whole catalog or,
 * when the case names `candidates`, of those alone, cut at `budget` as the listing is
 * (docs/routing.md). The budget is applied to the case's own listing, never to the whole
 * catalog's before its candidates are taken: a case among 3 of 900 skills sees all 3.
 * Without a budget, every skill is seen. `skills` may come in any order; the listing's is by name.
 */
export function seenSkills(
  skills: readonly RoutableSkill[],
  candidates: readonly string[] | undefined,
  budget: number | undefined,
): RoutableSkill[] {
  const wanted = candidates && new Set(candidates);
  const pool = [...skills]
    .filter((s) => !wanted || wanted.has(s.name))
    .sort((a, b) => compareCodePoints(a.name, b.name));
  if (budget === undefined) return pool;
  const listed = new Set(buildListing(pool, budget).included);
  return pool.filter((s) => listed.has(s.name));
}

/**
 * A ranker as a router over `skills` (what the model sees of each). A case with `candidates`
 * is routed exactly as if those skills were the catalog: the ranker is built over them alone,
 * so that its statistics (word rarity, the catalog's rate of new words, which decide when it
 * abstains) are the candidates', not the whole catalog's (SPEC §9). `budget` is the listing's
 * (seenSkills). The CLI, the editor and `npm run bench:routing` all route through here.
 */
export function rankerCaseRouter(
  name: string,
  skills: readonly RoutableSkill[],
  build: (catalog: readonly RoutableSkill[]) => { rank(query: string): CaseRanking },
  budget?: number,
): CaseRouter {
  const whole = build(seenSkills(skills, undefined, budget));
  const byCandidates = new Map<string, { rank(query: string): CaseRanking }>();
  const rankerFor = (candidates: readonly string[] | undefined) => {
    if (!candidates) return whole;
    const key = JSON.stringify([...new Set(candidates)].sort());
    let found = byCandidates.get(key);
    if (!found) {
      found = build(seenSkills(skills, candidates, budget));
      if (byCandidates.size >= MAX_CANDIDATE_RANKERS) byCandidates.delete(byCandidates.keys().next().value!);
      byCandidates.set(key, found);
    }
    return found;
  };
  return {
    name,
    defaultRuns: 1,
    route: (c) => {
      const ranking = rankerFor(c.candidates).rank(c.query);
      return Promise.resolve({ pick: ranking.pick, ranking: ranking.results.map((r) => r.name) });
    },
  };
}

/** The lexical ranker as a router (rankerCaseRouter): the `lexical` router of the CLI, the editor and the bench. */
export function lexicalCaseRouter(skills: readonly RoutableSkill[], budget?: number): CaseRouter {
  return rankerCaseRouter('lexical', skills, (catalog) => new LexicalRanker(catalog), budget);
}

export interface EvalRunOptions {
  readonly runs: number;
  /** Cases routed at once (a model's requests in flight); default 1. */
  readonly concurrency?: number;
  readonly token?: CancellationToken;
  /** After each case, with its outcome and errors of its runs (in the order cases finish). */
  readonly onCase?: (index: number, outcome: CaseOutcome, errors: readonly string[]) => void;
}

/**
 * Runs every case `runs` times, `concurrency` cases at once, and resolves with the outcomes in
 * the cases' order. When cancelled, no case starts, and a case cut short is left out: the result
 * holds only the cases that ran to the end.
 */
export async function runEval(
  cases: readonly RoutingCase[],
  router: CaseRouter,
  options: EvalRunOptions,
): Promise<CaseOutcome[]> {
  const token = options.token ?? NEVER_CANCELLED;
  const cancelled = () => token.isCancellationRequested;
  const done = new Array<CaseOutcome | undefined>(cases.length);
  await forEachConcurrent(
    cases,
    options.concurrency ?? 1,
    async (c, i) => {
      const outcome = await runCase(c, router, options.runs, token);
      if (!outcome) return;
      done[i] = outcome;
      options.onCase?.(i, outcome, outcome.errors ?? []);
    },
    cancelled,
  );
  return done.filter((o): o is CaseOutcome => o !== undefined);
}

/** One case's runs; undefined when cancelled before they all came back. */
export async function runCase(
  c: RoutingCase,
  router: CaseRouter,
  runs: number,
  token: CancellationToken = NEVER_CANCELLED,
): Promise<CaseOutcome | undefined> {
  const picks: (string | null)[] = [];
  const errors: string[] = [];
  let ranking: readonly string[] | undefined;
  for (let run = 0; run < runs; run++) {
    if (token.isCancellationRequested) return undefined;
    const routed = await router.route(c, token);
    if (token.isCancellationRequested) return undefined;
    // A failed request is no pick at all: it is counted apart, never as an abstention.
    if (routed.error) errors.push(routed.error);
    else {
      picks.push(routed.pick);
      ranking ??= routed.ranking;
    }
  }
  return { case: c, picks, ...(ranking ? { ranking } : {}), ...(errors.length > 0 ? { errors } : {}) };
}
