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

/**
 * Routes each skill's held-out sentences against the catalog; the shares that went to
 * other skills, for the pairs where each skill loses at least `minShare` to the other.
 */
export function offlineConfusions(catalog: readonly RoutableSkill[], options: LexicalRankerOptions = LEXICAL_DEFAULTS, minShare = OVERLAP_MIN_SHARE): Confusion[] {
  const confusions: Confusion[] = [];
  const ranker = new LexicalRanker(catalog, options);
  for (const skill of catalog) {
    const sentences = descriptionSentences(skill.description);
    if (sentences.length === 0) continue;
    const taken = new Map<string, number>();
    sentences.forEach((sentence, i) => {
      const heldOut = heldOutSkill(skill, sentences, i);
      const pick = ranker.rankReplacing(sentence, heldOut).pick;
      if (pick !== null && pick !== skill.name) taken.set(pick, (taken.get(pick) ?? 0) + 1);
    });
    for (const [picked, count] of taken) {
      confusions.push({ expected: skill.name, picked, share: Math.round((count / sentences.length) * 10_000) / 10_000 });
    }
  }
  const share = new Map(confusions.map((c) => [`${c.expected}\u0000${c.picked}`, c.share]));
  const mutual = confusions.filter((c) => c.share >= minShare && (share.get(`${c.picked}\u0000${c.expected}`) ?? 0) >= minShare);
  return mutual.sort((a, b) => b.share - a.share || compareCodePoints(a.expected, b.expected) || compareCodePoints(a.picked, b.picked));
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
export function overlapFindings(confusions: readonly Confusion[], source: OverlapFinding['source'], minShare = OVERLAP_MIN_SHARE): OverlapFinding[] {
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
  const measured = finding.source === 'evals' ? 'in its routing evals' : "when its description's own sentences are routed against the catalog";
  const what =
    finding.direction === 'loses'
      ? `'${finding.other}' took ${percent} of this skill's requests ${measured}`
      : `this skill took ${percent} of '${finding.other}''s requests ${finding.source === 'evals' ? 'in its routing evals' : 'when its sentences are routed against the catalog'}`;
  return `Routing confuses this skill with '${finding.other}': ${what}. Say what sets them apart in both descriptions (when to use each, and when not).`;
}
