// The description loop (docs/routing.md, "Improving a description"): skill-creator's loop,
// against the whole catalog, proving its gain on cases it never saw. The skill's cases are
// split (seeded, stratified, about 60 / 40, kept in the eval files: evalSplit.ts). Over several
// rounds the model sees the current description, its neighbours in the listing, the training
// requests the best description so far gets wrong, and every description tried with its
// training score; never a held-out result. Each proposal is measured on the training and the
// held-out cases, routed against the catalog with only that description changed. The one
// best on the held-out cases is then confirmed on fresh runs: of the held-out cases and of
// every other case of the catalog (a description that takes other skills' requests loses
// there), paired with fresh runs of the current description; it is proposed only when
// McNemar's test says it is significantly better. A cancelled loop proposes nothing.
import { MAX_DESCRIPTION_LENGTH } from '../base/limits';
import { codePointLength } from '../base/text';
import type { RoutingCase } from '../routing/evalCases';
import type { CancellationToken } from '../base/cancellation';
import { runEval, type CaseRouter } from '../routing/evalRun';
import { seedOf, splitCases, type CaseSplit } from '../routing/evalSplit';
import { caseKey, summarize, type EvalSummary } from '../routing/metrics';
import type { RoutableSkill } from '../routing/skillDocument';
import { mcnemarTest, type Interval, type PairedTest } from '../routing/statistics';
import type { ChatModel } from './agentLoop';
import { textMessage } from './conversation';

export interface DescriptionLoopInput {
  /** Proposes the new descriptions. */
  readonly model: ChatModel;
  readonly skill: string;
  /** The listed skills, the target's current description among them. */
  readonly skills: readonly RoutableSkill[];
  /** The cases about this skill (at least 2: some to learn from, some held out). */
  readonly cases: readonly RoutingCase[];
  /** Every other case of the catalog, re-run at the confirmation. */
  readonly otherCases?: readonly RoutingCase[];
  /** A router over a variant of the catalog (the same model, or the lexical ranker). */
  readonly routerFor: (skills: readonly RoutableSkill[]) => CaseRouter;
  readonly runs: number;
  /** Descriptions asked for per round; default 3. */
  readonly proposals?: number;
  /** Rounds of proposals; default 3. */
  readonly rounds?: number;
  /** The split's seed; default: from the skill's name, so the same on every machine. */
  readonly seed?: number;
  readonly concurrency?: number;
  readonly token: CancellationToken;
  readonly onProgress?: (message: string) => void;
}

export interface ScoredDescription {
  readonly description: string;
  /** 0 for the current description. */
  readonly round: number;
  /** top-1 on the training cases (what the model is shown). */
  readonly train: number;
  /** top-1 on the held-out cases (never shown to the model; used to choose the winner). */
  readonly heldOut: number;
}

/** The winner against the current description, on fresh runs of cases it was not chosen on. */
export interface Confirmation {
  /** Held-out cases of the skill plus every other case of the catalog. */
  readonly cases: number;
  readonly current: number;
  readonly current_ci: Interval | null;
  readonly winner: number;
  readonly winner_ci: Interval | null;
  /** A = the current description, B = the winner. */
  readonly test: PairedTest;
}

export type DescriptionLoopResult =
  | {
      readonly ok: true;
      readonly current: ScoredDescription;
      readonly proposals: readonly ScoredDescription[];
      /** The proposal best on the held-out cases, when it beat the current description there. */
      readonly winner?: ScoredDescription;
      readonly confirmation?: Confirmation;
      /** The winner, when its confirmation is significantly better: the one to propose. */
      readonly best?: ScoredDescription;
      readonly train: number;
      readonly heldOut: number;
      /** The split, with the cases that got theirs now (to be written into their files). */
      readonly split: CaseSplit;
    }
  | { readonly ok: false; readonly reason: string; readonly cancelled?: boolean };

const CANCELLED: DescriptionLoopResult = { ok: false, reason: 'Cancelled: nothing is proposed.', cancelled: true };

/** The prompt that asks for new descriptions. */
export function improvementPrompt(
  skill: RoutableSkill,
  neighbours: readonly RoutableSkill[],
  misses: readonly { query: string; picked: string | null; wanted: string }[],
  count: number,
  history: readonly { description: string; train: number }[] = [],
): string {
  const lines = [
    `An AI assistant picks which skill to use for a request from each skill's name and description alone. Rewrite the description of the skill '${skill.name}' so that the assistant picks it for the requests it should handle, and not for the others.`,
    '',
    `Current description of '${skill.name}':`,
    skill.description,
    '',
    'The other skills the assistant can pick from:',
    ...neighbours.map((s) => `- ${s.name}: ${s.description.replace(/\s+/g, ' ')}`),
  ];
  if (history.length > 0) {
    // Training scores only: the held-out results never reach the model.
    lines.push('', 'Descriptions tried so far, with the share of the training requests each got right:');
    for (const tried of history)
      lines.push(`- ${Math.round(tried.train * 100)} %: ${tried.description.replace(/\s+/g, ' ')}`);
  }
  if (misses.length > 0) {
    lines.push(
      '',
      history.length > 0 ? 'Requests the best of them still routes wrong:' : 'Requests it currently routes wrong:',
    );
    for (const miss of misses)
      lines.push(`- "${miss.query}": should go to ${miss.wanted}, went to ${miss.picked ?? 'no skill'}`);
  }
  lines.push(
    '',
    `Write ${count} different descriptions${history.length > 0 ? ', unlike the ones tried' : ''}. Each says what the skill does and when to use it, and when not to (naming the skill to use instead where that helps); at most ${MAX_DESCRIPTION_LENGTH} characters; no < or >. Do not list the requests above.`,
    'Answer with a JSON array of strings and nothing else.',
  );
  return lines.join('\n');
}

/** The descriptions in a model's answer: a JSON array of strings, or else one per list line. */
export function parseProposals(text: string, current: string): string[] {
  let found: string[] = [];
  const array = /\[[\s\S]*\]/.exec(text);
  if (array) {
    try {
      const value: unknown = JSON.parse(array[0]);
      if (Array.isArray(value)) found = value.filter((v): v is string => typeof v === 'string');
    } catch {
      found = [];
    }
  }
  if (found.length === 0) {
    found = text
      .split('\n')
      .map((line) => /^\s*(?:[-*]|\d+[.)])\s+(.+)$/.exec(line)?.[1] ?? '')
      .map((s) => s.replace(/^["“](.*)["”]$/, '$1'));
  }
  const seen = new Set([current.replace(/\s+/g, ' ').trim()]);
  const proposals: string[] = [];
  for (const raw of found) {
    const description = raw.replace(/\s+/g, ' ').trim();
    if (
      description === '' ||
      /[<>]/.test(description) ||
      codePointLength(description) > MAX_DESCRIPTION_LENGTH ||
      seen.has(description)
    )
      continue;
    seen.add(description);
    proposals.push(description);
  }
  return proposals;
}

async function askModel(model: ChatModel, prompt: string, token: CancellationToken): Promise<string> {
  let text = '';
  for await (const part of model.sendRequest([textMessage('user', prompt)], [], token))
    if (part.kind === 'text') text += part.value;
  return text;
}

/** Runs the loop; failures that the user must act on come back as values. */
export async function improveDescription(input: DescriptionLoopInput): Promise<DescriptionLoopResult> {
  const target = input.skills.find((s) => s.name === input.skill);
  if (!target) return { ok: false, reason: `'${input.skill}' is not in the listing the model sees.` };
  if (input.cases.length < 2)
    return {
      ok: false,
      reason: `'${input.skill}' needs at least 2 eval cases: some to learn from, and some held out to check the result.`,
    };
  const split = splitCases(input.cases, input.skill, input.seed ?? seedOf(input.skill));
  const { train, test } = split;
  if (train.length === 0 || test.length === 0)
    return {
      ok: false,
      reason: `'${input.skill}' needs eval cases in both halves: ${train.length} to learn from and ${test.length} held out.`,
    };
  const token = input.token;
  const score = async (description: string, cases: readonly RoutingCase[]): Promise<EvalSummary> => {
    const skills = input.skills.map((s) => (s.name === input.skill ? { name: s.name, description } : s));
    return summarize(
      'loop',
      await runEval(cases, input.routerFor(skills), {
        runs: input.runs,
        token,
        ...(input.concurrency ? { concurrency: input.concurrency } : {}),
      }),
    );
  };
  const rounds = input.rounds ?? 3;
  const perRound = input.proposals ?? 3;

  input.onProgress?.(
    `Measuring the current description on ${train.length} training and ${test.length} held-out cases…`,
  );
  const currentTrain = await score(target.description, train);
  const currentHeldOut = await score(target.description, test);
  if (token.isCancellationRequested) return CANCELLED;
  const current: ScoredDescription = {
    description: target.description,
    round: 0,
    train: currentTrain.top1,
    heldOut: currentHeldOut.top1,
  };
  const tried: ScoredDescription[] = [];
  let bestTrain = { scored: current, summary: currentTrain };
  const confused = new Set(currentTrain.confusions.flatMap((c) => [c.expected, c.picked]));
  const neighbours = [
    ...input.skills.filter((s) => s.name !== input.skill && confused.has(s.name)),
    ...input.skills.filter((s) => s.name !== input.skill && !confused.has(s.name)),
  ];

  for (let round = 1; round <= rounds; round++) {
    const misses = bestTrain.summary.failures.map((f) => ({
      query: f.query,
      picked: f.picked,
      wanted: f.avoid?.length ? `anything but ${f.avoid.join(', ')}` : f.expected.join(' or ') || 'no skill',
    }));
    input.onProgress?.(`Round ${round} of ${rounds}: asking the model for new descriptions…`);
    const answer = await askModel(
      input.model,
      improvementPrompt(target, neighbours, misses, perRound, round > 1 ? [current, ...tried] : []),
      token,
    );
    if (token.isCancellationRequested) return CANCELLED;
    const seen = [target.description, ...tried.map((t) => t.description)];
    const proposals = parseProposals(answer, target.description).filter((p) => !seen.includes(p));
    for (const [i, description] of proposals.entries()) {
      input.onProgress?.(`Round ${round} of ${rounds}: measuring proposal ${i + 1} of ${proposals.length}…`);
      const trainSummary = await score(description, train);
      const heldOutSummary = await score(description, test);
      if (token.isCancellationRequested) return CANCELLED;
      const scored = { description, round, train: trainSummary.top1, heldOut: heldOutSummary.top1 };
      tried.push(scored);
      if (scored.train > bestTrain.scored.train) bestTrain = { scored, summary: trainSummary };
    }
    // Nothing left to learn: every case, seen and unseen, is right.
    if (tried.some((t) => t.train === 1 && t.heldOut === 1)) break;
  }
  if (tried.length === 0) return { ok: false, reason: 'The model proposed no usable description.' };

  const base = { ok: true as const, current, proposals: tried, train: train.length, heldOut: test.length, split };
  const winner = [...tried].sort(
    (a, b) => b.heldOut - a.heldOut || b.train - a.train || a.description.length - b.description.length,
  )[0];
  if (winner.heldOut <= current.heldOut) return base;

  // Fresh runs, on cases the winner was not chosen on: the held-out ones again, and every other skill's.
  const keys = new Set(test.map(caseKey));
  const confirmCases = [
    ...test,
    ...(input.otherCases ?? []).filter((c) => !keys.has(caseKey(c)) && !input.cases.includes(c)),
  ];
  input.onProgress?.(`Confirming the best proposal on fresh runs of ${confirmCases.length} cases…`);
  const before = await score(target.description, confirmCases);
  const after = await score(winner.description, confirmCases);
  if (token.isCancellationRequested) return CANCELLED;
  const passedBefore = new Map(before.per_case.map((c) => [c.key, c.passed]));
  let onlyCurrent = 0;
  let onlyWinner = 0;
  let agree = 0;
  for (const c of after.per_case) {
    const was = passedBefore.get(c.key);
    if (was === undefined) continue;
    if (was && !c.passed) onlyCurrent++;
    else if (c.passed && !was) onlyWinner++;
    else agree++;
  }
  const paired = mcnemarTest(onlyCurrent, onlyWinner, agree);
  const confirmation: Confirmation = {
    cases: confirmCases.length,
    current: before.top1,
    current_ci: before.top1_ci,
    winner: after.top1,
    winner_ci: after.top1_ci,
    test: paired,
  };
  return { ...base, winner, confirmation, ...(paired.better === 'B' ? { best: winner } : {}) };
}
