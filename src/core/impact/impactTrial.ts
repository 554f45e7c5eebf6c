// One trial of an impact eval (docs/impact.md): what the host runner reports back, and the rule
// that turns it into an outcome. A trial is scored only when it ran to its end and its arm is
// proven: the arm with the skill must show that the host listed it, the arm without it that the
// host did not. Anything else is an error (retried, never a fail) or unproven (never scored).
import type { TrialOutcome } from './impactStatistics';

export type Arm = 'with' | 'without';
export const ARMS: readonly Arm[] = ['with', 'without'];

/** Why a trial has no verdict: none of these says anything about the skill. */
export type TrialErrorKind = 'crash' | 'timeout' | 'rate-limit' | 'permission' | 'grader' | 'setup' | 'cancelled';

export interface TrialError {
  readonly kind: TrialErrorKind;
  readonly message: string;
  /** The wait the host asked for (a rate limit's retry-after), in ms. */
  readonly retryAfterMs?: number;
}

/** What the host's own output (and Skillsmith's verdict for it) shows about the skill in this trial. */
export interface ArmEvidence {
  /** Listed to the model; undefined when nothing shows it either way. */
  readonly listed: boolean | undefined;
  /** The model opened the skill (its body, or its SKILL.md); undefined when the output cannot show it. */
  readonly loaded: boolean | undefined;
  /** Where that was seen, in words ("init event: skills", "session.skills_loaded"). */
  readonly source: string;
  /** The reasons a host did not list the skill (Skillsmith's per-host verdict). */
  readonly reasons?: readonly string[];
}

export interface CheckResult {
  /** The check as written ("file report.csv matches ^region", "command python3 check.py"). */
  readonly text: string;
  readonly passed: boolean;
  readonly detail?: string;
}

export interface GradedExpectation {
  readonly text: string;
  readonly passed: boolean;
  /** What the grader quoted. */
  readonly evidence: string;
}

export interface TrialUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly costUsd?: number;
}

/** The runner's report of one attempt: it ran to its end (judged), or it did not. */
export type TrialReport =
  | {
      readonly kind: 'ran';
      readonly answer: string;
      readonly evidence: ArmEvidence;
      readonly checks: readonly CheckResult[];
      readonly expectations: readonly GradedExpectation[];
      readonly usage: TrialUsage;
      readonly ms: number;
      /** The host's output, kept for the transcript view. */
      readonly transcript: string;
    }
  | {
      readonly kind: 'error';
      readonly error: TrialError;
      readonly ms: number;
      readonly transcript?: string;
      /** What the host showed before it failed. */
      readonly evidence?: ArmEvidence;
    };

/** The outcome of a trial that ran: unproven when its arm is not what it claims, else pass or fail. */
export function outcomeOf(arm: Arm, report: TrialReport): TrialOutcome {
  if (report.kind === 'error') return 'error';
  if (!armProven(arm, report.evidence)) return 'unproven';
  const judged = [...report.checks, ...report.expectations];
  return judged.length > 0 && judged.every((j) => j.passed) ? 'pass' : 'fail';
}

/** The arm with the skill needs it listed; the arm without needs it shown absent. */
export function armProven(arm: Arm, evidence: ArmEvidence): boolean {
  return arm === 'with' ? evidence.listed === true : evidence.listed === false;
}

/** Why an arm is unproven, in one sentence. */
export function unprovenReason(arm: Arm, evidence: ArmEvidence): string {
  const why = evidence.reasons && evidence.reasons.length > 0 ? `: ${evidence.reasons.join('; ')}` : '';
  if (evidence.listed === undefined)
    return `the host's output (${evidence.source}) does not show whether the skill was listed`;
  return arm === 'with'
    ? `the host did not list the skill (${evidence.source})${why}`
    : `the host listed the skill in the arm without it (${evidence.source}): it is also installed where the host reads skills for every folder`;
}

/** Errors worth another attempt; a cancelled trial is not. */
export function retryable(error: TrialError): boolean {
  return error.kind !== 'cancelled' && error.kind !== 'setup';
}
