// The figures of an impact run (docs/impact.md, "Reading the figures"): per eval and over all of
// them, each arm's pass rate with its interval, the lift with its paired interval and McNemar's
// verdict, and what each arm cost (tokens, time, money where the host says). Errors are counted
// by kind and unproven trials with their reason, apart from the scores.
import type { Interval } from '../routing/statistics';
import type { ImpactEval } from './impactEvals';
import type { TrialRecord } from './impactRun';
import { armSummary, pairedImpact, type ArmSummary, type PairedImpact } from './impactStatistics';
import { ARMS, unprovenReason, type Arm, type TrialErrorKind } from './impactTrial';

export interface ArmFigures extends ArmSummary {
  /** Errors by kind, after retries. */
  readonly errorKinds: Readonly<Partial<Record<TrialErrorKind, number>>>;
  /** Trials where the host's output shows the model opened the skill. */
  readonly loaded: number;
  /** Mean wall time of a trial that ran, ms; null when none ran. */
  readonly meanMs: number | null;
  /** Sums over the trials that ran, where the host reported them. */
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly costUsd: number | null;
}

export interface EvalImpact {
  readonly id: string;
  readonly prompt: string;
  readonly arms: Readonly<Record<Arm, ArmFigures>>;
  readonly impact: PairedImpact;
  /** Why trials were unproven, each reason once. */
  readonly unproven: readonly string[];
  /** The first error message of each kind seen, for the reader to act on. */
  readonly errorMessages: readonly string[];
}

export interface ImpactSummary {
  readonly skill: string;
  readonly host: string;
  readonly trials: number;
  readonly evals: readonly EvalImpact[];
  readonly overall: { readonly arms: Readonly<Record<Arm, ArmFigures>>; readonly impact: PairedImpact };
  /** The evals where the skill made things significantly worse. */
  readonly worse: readonly string[];
  /** Trials never started (a cancelled run). */
  readonly notRun: number;
}

export function summarizeImpact(
  skill: string,
  host: string,
  trials: number,
  evals: readonly ImpactEval[],
  records: readonly TrialRecord[],
): ImpactSummary {
  const perEval = evals.map((evalCase): EvalImpact => {
    const own = records.filter((r) => r.evalId === evalCase.id);
    const arms = armsOf(own);
    const unproven = new Set<string>();
    const messages = new Map<string, string>();
    for (const r of own) {
      if (r.outcome === 'unproven' && r.report?.kind === 'ran') unproven.add(unprovenReason(r.arm, r.report.evidence));
      if (r.report?.kind === 'error' && !messages.has(r.report.error.kind))
        messages.set(r.report.error.kind, `${r.report.error.kind}: ${r.report.error.message}`);
    }
    return {
      id: evalCase.id,
      prompt: evalCase.prompt,
      arms,
      impact: impactOf(own),
      unproven: [...unproven],
      errorMessages: [...messages.values()],
    };
  });
  return {
    skill,
    host,
    trials,
    evals: perEval,
    overall: { arms: armsOf(records), impact: impactOf(records) },
    worse: perEval.filter((e) => e.impact.verdict === 'worse').map((e) => e.id),
    notRun: records.filter((r) => r.attempts === 0).length,
  };
}

/** Pairs are trial i of both arms of the same eval; over several evals, every eval's pairs together. */
function impactOf(records: readonly TrialRecord[]): PairedImpact {
  const key = (r: TrialRecord) => `${r.evalId}\u0000${r.trial}`;
  const without = new Map(records.filter((r) => r.arm === 'without').map((r) => [key(r), r.outcome]));
  const pairs = records.filter((r) => r.arm === 'with' && without.has(key(r)));
  return pairedImpact(
    pairs.map((r) => r.outcome),
    pairs.map((r) => without.get(key(r))!),
  );
}

function armsOf(records: readonly TrialRecord[]): Record<Arm, ArmFigures> {
  const entries = ARMS.map((arm) => [arm, armFigures(records.filter((r) => r.arm === arm))] as const);
  return Object.fromEntries(entries) as Record<Arm, ArmFigures>;
}

function armFigures(records: readonly TrialRecord[]): ArmFigures {
  const errorKinds: Partial<Record<TrialErrorKind, number>> = {};
  let loaded = 0;
  let ms = 0;
  let ran = 0;
  const sums = {
    inputTokens: null as number | null,
    outputTokens: null as number | null,
    costUsd: null as number | null,
  };
  for (const r of records) {
    const report = r.report;
    if (r.outcome === 'error') {
      const kind = report?.kind === 'error' ? report.error.kind : 'cancelled';
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    }
    if (!report) continue;
    ran++;
    ms += report.ms;
    if (report.kind !== 'ran') continue;
    if (report.evidence.loaded === true) loaded++;
    for (const field of ['inputTokens', 'outputTokens', 'costUsd'] as const) {
      const value = report.usage[field];
      if (value !== undefined) sums[field] = (sums[field] ?? 0) + value;
    }
  }
  return {
    ...armSummary(records.map((r) => r.outcome)),
    errorKinds,
    loaded,
    meanMs: ran === 0 ? null : Math.round(ms / ran),
    ...sums,
    costUsd: sums.costUsd === null ? null : Math.round(sums.costUsd * 1e6) / 1e6,
  };
}

/** How this run's lift compares with an earlier `eval --impact --json` run's. */
export interface ImpactBaselineComparison {
  readonly baseline: string;
  readonly before: number | null;
  readonly now: number | null;
  /** now − before; null when either is missing. */
  readonly change: number | null;
  /** True when this run's whole interval lies below the baseline's lift: the skill helps less than it did. */
  readonly regressed: boolean;
}

export function compareImpact(
  file: string,
  baseline: { readonly difference: number | null },
  now: { readonly difference: number | null; readonly interval: Interval | null },
): ImpactBaselineComparison {
  const change =
    baseline.difference === null || now.difference === null
      ? null
      : Math.round((now.difference - baseline.difference) * 10_000) / 10_000;
  const regressed = baseline.difference !== null && now.interval !== null && now.interval[1] < baseline.difference;
  return { baseline: file, before: baseline.difference, now: now.difference, change, regressed };
}

/** Why the run fails its gate, one sentence each; empty when it passes. */
export function impactGateFailures(summary: ImpactSummary, minLift: number | undefined): string[] {
  const failures: string[] = [];
  const overall = summary.overall.impact;
  if (overall.paired === 0)
    failures.push(
      'no pair of trials was scored in both arms: the figures say nothing (see the errors and unproven trials)',
    );
  if (minLift !== undefined && overall.difference !== null && overall.difference < minLift)
    failures.push(`the lift ${signed(overall.difference)} is below --min-lift ${signed(minLift)}`);
  if (overall.verdict === 'worse') failures.push('over all evals, the skill made the work significantly worse');
  for (const id of summary.worse) failures.push(`eval ${id}: the skill made the work significantly worse`);
  return failures;
}

/** A share as signed points, `+0.25`. */
export function signed(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(2)}`;
}
