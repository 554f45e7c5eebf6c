// The routing metrics of docs/routing.md ("Metrics"), from the picks each case got: top-1,
// hit@3 and MRR (rankers only), the abstention false-positive rate, recall per skill, the
// confusion pairs, and the failures. With repeats, a case passes when more than half of its
// runs picked right; confusion shares count runs, so "took 40 % of the requests" means
// requests.
import { compareCodePoints } from '../base/text';
import type { RoutingCase } from './evalCases';
import { wilsonInterval, type Interval } from './statistics';

/** What one case got from a router. */
export interface CaseOutcome {
  readonly case: RoutingCase;
  /** One pick per valid run; null when no skill was picked. A run whose request failed is not here. */
  readonly picks: readonly (string | null)[];
  /** The runs whose request failed (rate limit, quota, network): they count nowhere, only here. */
  readonly errors?: readonly string[];
  /** A ranker's full order (first run), for hit@3 and MRR. */
  readonly ranking?: readonly string[];
}

export interface Confusion {
  readonly expected: string;
  readonly picked: string;
  /** Share of the expected skill's requests (runs) that went to `picked`. */
  readonly share: number;
}

export interface Failure {
  readonly query: string;
  readonly expected: readonly string[];
  /** The most frequent wrong pick (null: none was picked). */
  readonly picked: string | null;
  /** Trigger evals with should_trigger false: the skill that must not be picked. */
  readonly avoid?: readonly string[];
  /** With repeats: how often each pick came ("(none)" for no pick). */
  readonly picks?: Readonly<Record<string, number>>;
  /** Runs that picked right, of `runs`. */
  readonly right: number;
  readonly runs: number;
}

/** One case's result: how many of its runs picked right (k of N), and how sure that rate is. */
export interface CaseResult {
  /** Pairs this case with the same case in another run (`--baseline`, comparisons). */
  readonly key: string;
  readonly query: string;
  readonly passed: boolean;
  readonly right: number;
  readonly runs: number;
  readonly rate_ci: Interval;
  /** Trigger evals: the skill, and the share of runs that picked it (should_trigger false: ideally 0). */
  readonly skill?: string;
  readonly trigger_rate?: number;
  readonly trigger_rate_ci?: Interval;
}

/** The `skillsmith eval --json` shape (docs/routing.md). */
export interface EvalSummary {
  readonly router: string;
  /** The cases with at least one valid run: every rate is over these. */
  readonly cases: number;
  readonly runs: number;
  /** Runs whose request failed, left out of every denominator. */
  readonly errored_runs: number;
  /** Cases with no valid run at all: not scored (the CLI exits non-zero when there are any). */
  readonly errored_cases: number;
  /** The first error message, to say why. */
  readonly first_error?: string;
  readonly top1: number;
  /** 95 % Wilson intervals of the rates, over the scored cases (statistics.ts). */
  readonly top1_ci: Interval | null;
  readonly hit3: number | null;
  readonly hit3_ci: Interval | null;
  readonly mrr: number | null;
  readonly abstain_fpr: number | null;
  readonly abstain_fpr_ci: Interval | null;
  readonly per_skill: Readonly<
    Record<string, { readonly recall: number; readonly recall_ci: Interval | null; readonly cases: number }>
  >;
  readonly confusions: readonly Confusion[];
  /**
   * The skills that took requests expecting no skill, with how many (runs) of them: which skill
   * absorbs off-topic requests. `requests` is how many such runs there were in all.
   */
  readonly false_picks: { readonly requests: number; readonly picks: Readonly<Record<string, number>> };
  readonly failures: readonly Failure[];
  /** Every scored case, in order: k of N and its interval. */
  readonly per_case: readonly CaseResult[];
}

export const NONE_LABEL = '(none)';

/** Whether one pick is right for the case. */
export function isRightPick(c: RoutingCase, pick: string | null): boolean {
  if (c.avoid && c.avoid.length > 0) return pick === null || !c.avoid.includes(pick);
  if (c.expected.length === 0) return pick === null;
  return pick !== null && (c.expected.includes(pick) || c.acceptable.includes(pick));
}

/** True when more than half of the runs picked right. */
export function casePasses(outcome: CaseOutcome): boolean {
  return rightRuns(outcome) * 2 > outcome.picks.length;
}

/** How many of the outcome's runs picked right. */
export function rightRuns(outcome: CaseOutcome): number {
  return outcome.picks.filter((pick) => isRightPick(outcome.case, pick)).length;
}

/** The key that pairs a case across runs and routers: its request and what it expects. */
export function caseKey(c: RoutingCase): string {
  return JSON.stringify([c.query, [...c.expected].sort(), [...(c.avoid ?? [])].sort()]);
}

/** One case's k of N, with its interval and, for a trigger eval, how often its skill was picked. */
export function caseResult(outcome: CaseOutcome): CaseResult {
  const c = outcome.case;
  const runs = outcome.picks.length;
  const right = rightRuns(outcome);
  const skill = c.skill;
  const triggered = skill === undefined ? 0 : outcome.picks.filter((pick) => pick === skill).length;
  return {
    key: caseKey(c),
    query: c.query,
    passed: right * 2 > runs,
    right,
    runs,
    rate_ci: wilsonInterval(right, runs) ?? [0, 1],
    ...(skill === undefined
      ? {}
      : { skill, trigger_rate: ratio(triggered, runs), trigger_rate_ci: wilsonInterval(triggered, runs) ?? [0, 1] }),
  };
}

/** How often each pick came, most frequent first (ties in name order, none last). */
export function pickCounts(picks: readonly (string | null)[]): [string | null, number][] {
  const counts = new Map<string | null, number>();
  for (const pick of picks) counts.set(pick, (counts.get(pick) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareNullable(a[0], b[0]));
}

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareCodePoints(a, b);
}

/** The 1-based rank of the first right skill in a ranking, or 0 when none is in it. */
function rightRank(c: RoutingCase, ranking: readonly string[]): number {
  const at = ranking.findIndex((name) => c.expected.includes(name) || c.acceptable.includes(name));
  return at + 1;
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : round(part / whole);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Summarises the outcomes of one router over a set of cases. */
export function summarize(router: string, allOutcomes: readonly CaseOutcome[]): EvalSummary {
  // A failed request never scores: a case without a valid run is left out of every figure.
  const outcomes = allOutcomes.filter((o) => o.picks.length > 0);
  const erroredRuns = allOutcomes.reduce((sum, o) => sum + (o.errors?.length ?? 0), 0);
  const firstError = allOutcomes.find((o) => o.errors?.length)?.errors?.[0];
  const passed = outcomes.map(casePasses);
  const runs = outcomes.reduce((most, o) => Math.max(most, o.picks.length), 0);

  const ranked = outcomes.filter((o) => o.ranking !== undefined && o.case.expected.length > 0 && !o.case.avoid?.length);
  const ranks = ranked.map((o) => rightRank(o.case, o.ranking!));
  // hit@3 and MRR exist for rankers, over the cases that expect a skill.
  const hasRankings = outcomes.some((o) => o.ranking !== undefined) && ranked.length > 0;

  const abstaining = outcomes.filter((o) => o.case.expected.length === 0 && !o.case.avoid?.length);
  const falsePositives = abstaining.filter((o) => !casePasses(o)).length;
  const falsePicks = new Map<string, number>();
  for (const o of abstaining)
    for (const pick of o.picks) if (pick !== null) falsePicks.set(pick, (falsePicks.get(pick) ?? 0) + 1);
  const abstainingRequests = abstaining.reduce((sum, o) => sum + o.picks.length, 0);

  const perSkill = new Map<string, { passed: number; cases: number }>();
  const confusionCounts = new Map<string, Map<string, number>>();
  const requests = new Map<string, number>();
  outcomes.forEach((o, i) => {
    for (const skill of new Set(o.case.expected)) {
      const entry = perSkill.get(skill) ?? { passed: 0, cases: 0 };
      entry.cases++;
      if (passed[i]) entry.passed++;
      perSkill.set(skill, entry);
      requests.set(skill, (requests.get(skill) ?? 0) + o.picks.length);
      for (const pick of o.picks) {
        if (pick === null || isRightPick(o.case, pick)) continue;
        const row = confusionCounts.get(skill) ?? new Map<string, number>();
        row.set(pick, (row.get(pick) ?? 0) + 1);
        confusionCounts.set(skill, row);
      }
    }
  });

  const confusions: Confusion[] = [];
  for (const [expected, row] of confusionCounts) {
    for (const [picked, count] of row)
      confusions.push({ expected, picked, share: ratio(count, requests.get(expected) ?? 0) });
  }
  confusions.sort(
    (a, b) => b.share - a.share || compareCodePoints(a.expected, b.expected) || compareCodePoints(a.picked, b.picked),
  );

  const per_skill: Record<string, { recall: number; recall_ci: Interval | null; cases: number }> = {};
  for (const name of [...perSkill.keys()].sort(compareCodePoints)) {
    const entry = perSkill.get(name)!;
    per_skill[name] = {
      recall: ratio(entry.passed, entry.cases),
      recall_ci: wilsonInterval(entry.passed, entry.cases),
      cases: entry.cases,
    };
  }

  const failures: Failure[] = [];
  outcomes.forEach((o, i) => {
    if (passed[i]) return;
    const wrong = pickCounts(o.picks.filter((pick) => !isRightPick(o.case, pick)));
    const failure: Failure = {
      query: o.case.query,
      expected: o.case.expected,
      picked: wrong[0]?.[0] ?? null,
      ...(o.case.avoid?.length ? { avoid: o.case.avoid } : {}),
      ...(o.picks.length > 1
        ? { picks: Object.fromEntries(pickCounts(o.picks).map(([pick, n]) => [pick ?? NONE_LABEL, n])) }
        : {}),
      right: rightRuns(o),
      runs: o.picks.length,
    };
    failures.push(failure);
  });

  const passedCount = passed.filter(Boolean).length;
  const hits = ranks.filter((r) => r >= 1 && r <= 3).length;
  return {
    router,
    cases: outcomes.length,
    runs,
    errored_runs: erroredRuns,
    errored_cases: allOutcomes.length - outcomes.length,
    ...(firstError === undefined ? {} : { first_error: firstError }),
    top1: ratio(passedCount, outcomes.length),
    top1_ci: wilsonInterval(passedCount, outcomes.length),
    hit3: hasRankings ? ratio(hits, ranked.length) : null,
    hit3_ci: hasRankings ? wilsonInterval(hits, ranked.length) : null,
    mrr: hasRankings
      ? ratio(
          ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0),
          ranked.length,
        )
      : null,
    abstain_fpr: abstaining.length === 0 ? null : ratio(falsePositives, abstaining.length),
    abstain_fpr_ci: wilsonInterval(falsePositives, abstaining.length),
    per_skill,
    confusions,
    false_picks: {
      requests: abstainingRequests,
      picks: Object.fromEntries([...falsePicks].sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]))),
    },
    failures,
    per_case: outcomes.map(caseResult),
  };
}
