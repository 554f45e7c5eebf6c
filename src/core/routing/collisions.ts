// Which skills' descriptions the router confuses (docs/routing.md, "Collisions"). A pair is
// reported only from measured routing, never from shared words: word overlap ranks the
// SKILL.md Inspector's labelled pairs no better than chance. Two measurements:
//   - from eval cases: the confusions of an eval run (metrics.ts);
//   - without evals: each sentence of a description is routed as if a user had asked it,
//     against the rest of its own description and every other skill (held out, so that a
//     sentence never finds itself). A sentence that lands on another skill is a request
//     that skill would take. This is a weaker measure (a sentence is not a request), so a
//     pair counts only when the confusion goes both ways and the router would really pick
//     (its abstention applies): in a 131-skill catalog of terse descriptions, one-way
//     confusions flagged nearly every skill.
import { compareCodePoints } from '../base/text';
import { LexicalRanker, LEXICAL_DEFAULTS, type LexicalRankerOptions } from './lexicalRanker';
import type { Confusion } from './metrics';
import { splitDescription, type RoutableSkill } from './skillDocument';
import { terms } from './terms';

/** A confusion reported by the lint when at least this share of a skill's requests go elsewhere. */
export const OVERLAP_MIN_SHARE = 0.25;

/** Sentences of a description worth routing on their own (two terms or more). */
export function descriptionSentences(description: string): string[] {
  return splitDescription(description)
    .positive.split(/(?<=[.!?;])\s+|\n+|\s+--\s+/)
    .map((s) => s.trim())
    .filter((s) => terms(s).length >= 2);
}

/** The skill with its `i`-th sentence taken out (what it says it is not for stays). */
export function heldOutSkill(skill: RoutableSkill, sentences: readonly string[], i: number): RoutableSkill {
  const rest = sentences.filter((_, j) => j !== i).join(' ');
  const negative = splitDescription(skill.description).negative;
  return { name: skill.name, description: negative ? `${rest} ${negative}` : rest };
}

/** Where one skill's held-out sentences went: the share of its sentences each other skill took. */
export interface HeldOutRoutes {
  readonly skill: string;
  readonly taken: ReadonlyMap<string, number>;
}

/**
 * Routes each skill's held-out sentences against the catalog, one skill per step, so that a
 * caller on a UI thread can pause between steps (it is quadratic in the catalog's size).
 */
export function* heldOutRoutes(
  catalog: readonly RoutableSkill[],
  options: LexicalRankerOptions = LEXICAL_DEFAULTS,
): Generator<HeldOutRoutes> {
  const ranker = new LexicalRanker(catalog, options);
  for (const skill of catalog) {
    const sentences = descriptionSentences(skill.description);
    const taken = new Map<string, number>();
    sentences.forEach((sentence, i) => {
      const pick = ranker.pickReplacing(sentence, heldOutSkill(skill, sentences, i));
      if (pick !== null && pick !== skill.name) taken.set(pick, (taken.get(pick) ?? 0) + 1);
    });
    for (const [picked, count] of taken) taken.set(picked, Math.round((count / sentences.length) * 10_000) / 10_000);
    yield { skill: skill.name, taken };
  }
}

/** The confusions of pairs where each skill loses at least `minShare` of its sentences to the other. */
export function mutualConfusions(routes: readonly HeldOutRoutes[], minShare = OVERLAP_MIN_SHARE): Confusion[] {
  const share = new Map<string, number>();
  for (const { skill, taken } of routes)
    for (const [picked, value] of taken) share.set(`${skill}\u0000${picked}`, value);
  const confusions: Confusion[] = [];
  for (const { skill, taken } of routes) {
    for (const [picked, value] of taken) {
      if (value >= minShare && (share.get(`${picked}\u0000${skill}`) ?? 0) >= minShare)
        confusions.push({ expected: skill, picked, share: value });
    }
  }
  return confusions.sort(
    (a, b) => b.share - a.share || compareCodePoints(a.expected, b.expected) || compareCodePoints(a.picked, b.picked),
  );
}

/** Both steps at once: the mutual confusions of a catalog without evals. */
export function offlineConfusions(
  catalog: readonly RoutableSkill[],
  options: LexicalRankerOptions = LEXICAL_DEFAULTS,
  minShare = OVERLAP_MIN_SHARE,
): Confusion[] {
  return mutualConfusions([...heldOutRoutes(catalog, options)], minShare);
}

/** One lint finding: `skill` loses `share` of its requests to `other` (or takes them from it). */
export interface OverlapFinding {
  readonly skill: string;
  readonly other: string;
  readonly share: number;
  /** 'loses': other takes the skill's requests; 'takes': the skill takes other's. */
  readonly direction: 'loses' | 'takes';
  readonly source: 'evals' | 'descriptions';
}

/** The confusions worth a `description-overlap` warning, on both skills of each pair. */
export function overlapFindings(
  confusions: readonly Confusion[],
  source: OverlapFinding['source'],
  minShare = OVERLAP_MIN_SHARE,
): OverlapFinding[] {
  const findings: OverlapFinding[] = [];
  for (const c of confusions) {
    if (c.share < minShare || c.expected === c.picked) continue;
    findings.push({ skill: c.expected, other: c.picked, share: c.share, direction: 'loses', source });
    findings.push({ skill: c.picked, other: c.expected, share: c.share, direction: 'takes', source });
  }
  return findings;
}

/** The warning's message for one finding. */
export function overlapMessage(finding: OverlapFinding): string {
  const percent = `${Math.round(finding.share * 100)} %`;
  const measured =
    finding.source === 'evals'
      ? 'in its routing evals'
      : "when its description's own sentences are routed against the catalog";
  const what =
    finding.direction === 'loses'
      ? `'${finding.other}' took ${percent} of this skill's requests ${measured}`
      : `this skill took ${percent} of '${finding.other}''s requests ${finding.source === 'evals' ? 'in its routing evals' : 'when its sentences are routed against the catalog'}`;
  return `Routing confuses this skill with '${finding.other}': ${what}. Say what sets them apart in both descriptions (when to use each, and when not).`;
}

/**
 * The `description-overlap` findings of a catalog, on the editor's and the CLI's common basis
 * (docs/routing.md, "Collisions"): the confusions measured over the eval cases (the lexical
 * router's, or a model run's for the skills it covered), and, for skills without eval cases,
 * their descriptions' sentences routed against the catalog (`routes`; none for a catalog too
 * large to measure). Each skill gets one finding per other skill (the larger share wins).
 */
export function catalogOverlapFindings(
  evalConfusions: readonly Confusion[],
  skillsWithEvals: ReadonlySet<string>,
  routes: readonly HeldOutRoutes[] | undefined,
): OverlapFinding[] {
  const offline = routes ? mutualConfusions(routes).filter((c) => !skillsWithEvals.has(c.expected)) : [];
  const all = [...overlapFindings(evalConfusions, 'evals'), ...overlapFindings(offline, 'descriptions')];
  const best = new Map<string, OverlapFinding>();
  for (const finding of all) {
    const key = `${finding.skill}\u0000${finding.other}`;
    const known = best.get(key);
    if (!known || finding.share > known.share) best.set(key, finding);
  }
  return [...best.values()];
}
