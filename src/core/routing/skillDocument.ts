// What the lexical ranker reads of a skill: its name and its description, the two things
// the model sees in the listing (docs/routing.md). A description may also say when NOT to
// use the skill ("Not for remote or web content"); the words of such a clause are kept
// apart, because a request that matches them is a reason to pass the skill over.
import { terms } from './terms';

/** A skill as the router sees it. */
export interface RoutableSkill {
  readonly name: string;
  readonly description: string;
}

/** The terms of one skill, split by where they stand. */
export interface SkillDocument {
  readonly name: string;
  readonly nameTerms: readonly string[];
  /** Terms of the description outside negative clauses, in order. */
  readonly descriptionTerms: readonly string[];
  /** Terms of the clauses that say when not to use the skill. */
  readonly excludedTerms: readonly string[];
}

/**
 * Where a clause turns negative: "Not for …", "Do not use … for", "Don't use", "Never …",
 * "Avoid …", "not intended/meant for", "except …", "instead of …", "rather than …".
 */
const NEGATIVE_MARKER =
  /\b(?:not\s+(?:for|when|to\s+be\s+used|intended|meant|suitable|designed)|do\s+not|does\s+not|don't|doesn't|never|avoid|except|excluding|instead\s+of|rather\s+than|other\s+than)\b/i;

/** Sentences and semicolon-separated parts; a dot inside a word (`.NET`, `v2.1`) does not split. */
function clauses(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/);
}

/** Splits a description into what it is for and what it says it is not for. */
export function splitDescription(description: string): { readonly positive: string; readonly negative: string } {
  const positive: string[] = [];
  const negative: string[] = [];
  for (const clause of clauses(description)) {
    const marker = NEGATIVE_MARKER.exec(clause);
    if (!marker) {
      positive.push(clause);
      continue;
    }
    positive.push(clause.slice(0, marker.index));
    negative.push(clause.slice(marker.index));
  }
  return { positive: positive.join(' '), negative: negative.join(' ') };
}

/** The ranker's document of one skill. */
export function skillDocument(skill: RoutableSkill): SkillDocument {
  const { positive, negative } = splitDescription(skill.description);
  return {
    name: skill.name,
    nameTerms: terms(skill.name),
    descriptionTerms: terms(positive),
    excludedTerms: terms(negative),
  };
}
