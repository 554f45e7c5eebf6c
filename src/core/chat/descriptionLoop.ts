// The description loop (docs/routing.md, "Improving a description"): skill-creator's loop,
// against the whole catalog. The skill's eval cases are split in two; the model sees the
// current description, its neighbours in the listing and the training cases it gets wrong,
// and proposes new descriptions; each is then measured on the held-out cases, routed
// against the catalog with only that description changed, and the best is proposed only
// when it beats the current one there.
import { MAX_DESCRIPTION_LENGTH } from '../base/limits';
import { codePointLength } from '../base/text';
import type { RoutingCase } from '../routing/evalCases';
import type { CancellationToken } from '../base/cancellation';
import { runEval, type CaseRouter } from '../routing/evalRun';
import { summarize } from '../routing/metrics';
import type { RoutableSkill } from '../routing/skillDocument';
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
  /** A router over a variant of the catalog (the same model, or the lexical ranker). */
  readonly routerFor: (skills: readonly RoutableSkill[]) => CaseRouter;
  readonly runs: number;
  readonly proposals?: number;
  readonly token: CancellationToken;
  readonly onProgress?: (message: string) => void;
}

export interface ScoredDescription {
  readonly description: string;
  /** top-1 on the held-out cases. */
  readonly top1: number;
}

export type DescriptionLoopResult =
  | {
      readonly ok: true;
      readonly current: ScoredDescription;
      readonly proposals: readonly ScoredDescription[];
      /** The best proposal, when it beats the current description on the held-out cases. */
      readonly best?: ScoredDescription;
      readonly heldOut: number;
    }
  | { readonly ok: false; readonly reason: string };

/** Every second case is held out (the 2nd, 4th, …), so both halves cover the file's order. */
export function splitHeldOut<T>(cases: readonly T[]): { train: T[]; heldOut: T[] } {
  return { train: cases.filter((_, i) => i % 2 === 0), heldOut: cases.filter((_, i) => i % 2 === 1) };
}

/** The prompt that asks for new descriptions. */
export function improvementPrompt(skill: RoutableSkill, neighbours: readonly RoutableSkill[], misses: readonly { query: string; picked: string | null; wanted: string }[], count: number): string {
  const lines = [
    `An AI assistant picks which skill to use for a request from each skill's name and description alone. Rewrite the description of the skill '${skill.name}' so that the assistant picks it for the requests it should handle, and not for the others.`,
    '',
    `Current description of '${skill.name}':`,
    skill.description,
    '',
    'The other skills the assistant can pick from:',
    ...neighbours.map((s) => `- ${s.name}: ${s.description.replace(/\s+/g, ' ')}`),
  ];
  if (misses.length > 0) {
    lines.push('', 'Requests it currently routes wrong:');
    for (const miss of misses) lines.push(`- "${miss.query}": should go to ${miss.wanted}, went to ${miss.picked ?? 'no skill'}`);
  }
  lines.push(
    '',
    `Write ${count} different descriptions. Each says what the skill does and when to use it, and when not to (naming the skill to use instead where that helps); at most ${MAX_DESCRIPTION_LENGTH} characters; no < or >. Do not list the requests above.`,
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
    found = text.split('\n').map((line) => /^\s*(?:[-*]|\d+[.)])\s+(.+)$/.exec(line)?.[1] ?? '').map((s) => s.replace(/^["“](.*)["”]$/, '$1'));
  }
  const seen = new Set([current.replace(/\s+/g, ' ').trim()]);
  const proposals: string[] = [];
  for (const raw of found) {
    const description = raw.replace(/\s+/g, ' ').trim();
    if (description === '' || /[<>]/.test(description) || codePointLength(description) > MAX_DESCRIPTION_LENGTH || seen.has(description)) continue;
    seen.add(description);
    proposals.push(description);
  }
  return proposals;
}

async function askModel(model: ChatModel, prompt: string, token: CancellationToken): Promise<string> {
  let text = '';
  for await (const part of model.sendRequest([textMessage('user', prompt)], [], token)) if (part.kind === 'text') text += part.value;
  return text;
}

/** Runs the loop; failures that the user must act on come back as values. */
export async function improveDescription(input: DescriptionLoopInput): Promise<DescriptionLoopResult> {
  const target = input.skills.find((s) => s.name === input.skill);
  if (!target) return { ok: false, reason: `'${input.skill}' is not in the listing the model sees.` };
  if (input.cases.length < 2) return { ok: false, reason: `'${input.skill}' needs at least 2 eval cases: some to learn from, and some held out to check the result.` };
  const { train, heldOut } = splitHeldOut(input.cases);
  const score = async (description: string, cases: readonly RoutingCase[]) => {
    const skills = input.skills.map((s) => (s.name === input.skill ? { name: s.name, description } : s));
    return summarize('loop', await runEval(cases, input.routerFor(skills), { runs: input.runs, token: input.token }));
  };

  input.onProgress?.('Measuring the current description…');
  const trained = await score(target.description, train);
  const misses = trained.failures.map((f) => ({ query: f.query, picked: f.picked, wanted: f.avoid?.length ? `anything but ${f.avoid.join(', ')}` : f.expected.join(' or ') || 'no skill' }));
  const confused = new Set(trained.confusions.flatMap((c) => [c.expected, c.picked]));
  const neighbours = [...input.skills.filter((s) => s.name !== input.skill && confused.has(s.name)), ...input.skills.filter((s) => s.name !== input.skill && !confused.has(s.name))];

  input.onProgress?.('Asking the model for new descriptions…');
  const answer = await askModel(input.model, improvementPrompt(target, neighbours, misses, input.proposals ?? 3), input.token);
  const proposals = parseProposals(answer, target.description);
  if (proposals.length === 0) return { ok: false, reason: 'The model proposed no usable description.' };

  const current = { description: target.description, top1: (await score(target.description, heldOut)).top1 };
  const scored: ScoredDescription[] = [];
  for (const [i, description] of proposals.entries()) {
    if (input.token.isCancellationRequested) break;
    input.onProgress?.(`Checking proposal ${i + 1} of ${proposals.length} on ${heldOut.length} held-out cases…`);
    scored.push({ description, top1: (await score(description, heldOut)).top1 });
  }
  const best = [...scored].sort((a, b) => b.top1 - a.top1 || a.description.length - b.description.length)[0];
  return { ok: true, current, proposals: scored, ...(best && best.top1 > current.top1 ? { best } : {}), heldOut: heldOut.length };
}
