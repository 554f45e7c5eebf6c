// The `lexical` router (docs/routing.md): an offline, deterministic ranker over what the
// model sees of each skill, its name and description. It is BM25F (name and description
// as two fields of one document) with three additions, each for a reason that holds for
// any catalog:
//   - adjacent query terms found adjacent in a skill ("unit test", "rate limit") count
//     extra, because a phrase is stronger evidence than two scattered words;
//   - a term that a skill's description names only in a "Not for …" clause counts against
//     that skill: the description says when not to pick it;
//   - the router abstains when no skill fits: when the request is foreign to the catalog
//     (more of its words unknown to every description than the catalog's own rate of new
//     words explains, foreignRequest.ts), or when the best skill shares with it only
//     words that every skill has. Words a description leaves out (a city, an id, the
//     details of a long request) do not count against a skill.
import { compareCodePoints } from '../base/text';
import { FOREIGN_SIGNIFICANCE, foreignPValue, unseenRate, withoutValues } from './foreignRequest';
import { skillDocument, type RoutableSkill } from './skillDocument';
import { terms } from './terms';

export interface LexicalRankerOptions {
  /** BM25 term-frequency saturation. */
  readonly k1: number;
  /** BM25 length normalisation. */
  readonly b: number;
  /** How much a name term counts against a description term. */
  readonly nameWeight: number;
  /** Bonus for an adjacent query pair found adjacent in the skill, as a share of the pair's IDF. */
  readonly phraseWeight: number;
  /** Penalty for a query term the skill excludes, as a share of its IDF. */
  readonly exclusionWeight: number;
  /**
   * The router abstains when a request from the catalog's own domain would have as many
   * unknown words less often than this (foreignRequest.ts).
   */
  readonly foreignSignificance: number;
}

/** The parameters and why they are what they are: docs/routing.md, "The lexical ranker". */
export const LEXICAL_DEFAULTS: LexicalRankerOptions = {
  k1: 1.2,
  b: 0.75,
  nameWeight: 2,
  phraseWeight: 0.5,
  exclusionWeight: 1,
  foreignSignificance: FOREIGN_SIGNIFICANCE,
};

export interface RankedSkill {
  readonly name: string;
  readonly score: number;
}

export interface Ranking {
  /** Candidates that match the query at all, best first; ties in name order. */
  readonly results: readonly RankedSkill[];
  /** The best skill, or null when nothing matches or the router abstains. */
  readonly pick: string | null;
  /**
   * How often a request from the catalog's own domain would have at least as many words
   * unknown to the catalog as this one (1 when none is unknown); below
   * `foreignSignificance`, the request is foreign and the router abstains.
   */
  readonly inDomainChance: number;
  /** Why the pick is null: no skill matches, the request is foreign, or the best match shares only common words. */
  readonly abstention?: 'no-match' | 'foreign' | 'common-words-only';
}

interface IndexedSkill {
  readonly name: string;
  /** Weighted term frequencies: name terms count `nameWeight` each. */
  readonly tf: ReadonlyMap<string, number>;
  readonly excluded: ReadonlySet<string>;
  readonly pairs: ReadonlySet<string>;
  readonly length: number;
}

function pairsOf(sequence: readonly string[], into: Set<string>): void {
  for (let i = 1; i < sequence.length; i++) into.add(`${sequence[i - 1]} ${sequence[i]}`);
}

/** Ranks skills for a query; build once per catalog, rank many queries. */
export class LexicalRanker {
  private readonly skills: readonly IndexedSkill[];
  private readonly byName: ReadonlyMap<string, IndexedSkill>;
  /** The skills that have each term: only those can score above 0 for a query. */
  private readonly postings = new Map<string, IndexedSkill[]>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;
  /** The share of a new request's words that this catalog would not know (foreignRequest.ts). */
  private readonly unseenRate: number;
  /** IDFs worked out, the catalog's statistics being fixed once built. */
  private readonly idfs = new Map<string, number>();

  constructor(
    catalog: readonly RoutableSkill[],
    private readonly options: LexicalRankerOptions = LEXICAL_DEFAULTS,
  ) {
    const skills: IndexedSkill[] = [];
    for (const skill of catalog) {
      const indexed = this.index(skill);
      skills.push(indexed);
      for (const term of indexed.tf.keys()) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
        const list = this.postings.get(term);
        if (list) list.push(indexed);
        else this.postings.set(term, [indexed]);
      }
    }
    this.skills = skills;
    this.byName = new Map(skills.map((s) => [s.name, s]));
    this.unseenRate = unseenRate(this.documentFrequency);
    this.averageLength =
      skills.length === 0 ? 1 : Math.max(1, skills.reduce((sum, s) => sum + s.length, 0) / skills.length);
  }

  /** The skills the ranker knows, in catalog order. */
  get names(): string[] {
    return this.skills.map((s) => s.name);
  }

  /**
   * BM25's IDF. A term no skill has is counted as if one skill had it: unseen is the
   * rarest thing a catalog can tell apart, and BM25's value at 0 (ln(2N + 2)) would let
   * a few foreign words outweigh everything else in a small catalog.
   */
  idf(term: string): number {
    let value = this.idfs.get(term);
    if (value === undefined) {
      const n = this.skills.length;
      const known = this.documentFrequency.get(term);
      const df = Math.max(1, known ?? 0);
      value = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // Only the catalog's own terms are kept, so that a long run of requests cannot grow it.
      if (known !== undefined) this.idfs.set(term, value);
    }
    return value;
  }

  /** Ranks the catalog (or only `candidates`, names not in the catalog ignored) for `query`. */
  rank(query: string, candidates?: readonly string[]): Ranking {
    return this.rankPool(query, candidates && new Set(candidates));
  }

  /**
   * Ranks the whole catalog with one skill's text replaced (same name), keeping the
   * catalog's statistics: how a held-out part of a description routes (collisions.ts).
   */
  rankReplacing(query: string, replacement: RoutableSkill, candidates?: readonly string[]): Ranking {
    return this.rankPool(query, candidates && new Set(candidates), this.index(replacement));
  }

  private index(skill: RoutableSkill): IndexedSkill {
    const { nameWeight } = this.options;
    const document = skillDocument(skill);
    const tf = new Map<string, number>();
    for (const term of document.nameTerms) tf.set(term, (tf.get(term) ?? 0) + nameWeight);
    for (const term of document.descriptionTerms) tf.set(term, (tf.get(term) ?? 0) + 1);
    const pairs = new Set<string>();
    pairsOf(document.nameTerms, pairs);
    pairsOf(document.descriptionTerms, pairs);
    const length = document.nameTerms.length * nameWeight + document.descriptionTerms.length;
    return { name: skill.name, tf, excluded: new Set(document.excludedTerms), pairs, length };
  }

  /** Scores the skills that share a term with the query (in `only`, when given), one of them replaced. */
  private rankPool(query: string, only?: ReadonlySet<string>, replacement?: IndexedSkill): Ranking {
    const sequence = routingTerms(query);
    const unique = [...new Set(sequence)];
    const queryPairs = new Set<string>();
    pairsOf(sequence, queryPairs);
    const pool = new Set<IndexedSkill>();
    for (const term of unique) for (const skill of this.postings.get(term) ?? []) pool.add(skill);
    if (replacement) {
      const original = this.byName.get(replacement.name);
      if (original) pool.delete(original);
      if (unique.some((term) => replacement.tf.has(term))) pool.add(replacement);
    }
    const scored: { skill: IndexedSkill; score: number }[] = [];
    for (const skill of pool) {
      if (only && !only.has(skill.name)) continue;
      const score = this.score(skill, unique, queryPairs);
      if (score > 0) scored.push({ skill, score });
    }
    scored.sort((a, b) => b.score - a.score || compareCodePoints(a.skill.name, b.skill.name));
    const results = scored.map(({ skill, score }) => ({ name: skill.name, score: round(score) }));
    const inDomainChance = this.inDomainChance(query);
    const best = scored[0]?.skill;
    const abstention =
      best === undefined
        ? 'no-match'
        : inDomainChance < this.options.foreignSignificance
          ? 'foreign'
          : !this.singlesOut(best, unique)
            ? 'common-words-only'
            : undefined;
    return {
      results,
      pick: abstention ? null : best.name,
      inDomainChance: round(inDomainChance),
      ...(abstention ? { abstention } : {}),
    };
  }

  /** The foreign-request test of foreignRequest.ts, on the request's words without its values. */
  private inDomainChance(query: string): number {
    const judged = [...new Set(routingTerms(withoutValues(query)))];
    const unknown = judged.filter((term) => !this.documentFrequency.has(term)).length;
    return foreignPValue(judged.length, unknown, this.unseenRate);
  }

  /** True when `skill` shares with the request a term that not every skill has (any term, in a catalog of one). */
  private singlesOut(skill: IndexedSkill, queryTerms: readonly string[]): boolean {
    const n = this.skills.length;
    return queryTerms.some((term) => skill.tf.has(term) && (n === 1 || (this.documentFrequency.get(term) ?? 0) < n));
  }

  private score(skill: IndexedSkill, queryTerms: readonly string[], queryPairs: ReadonlySet<string>): number {
    const { k1, b, phraseWeight, exclusionWeight } = this.options;
    const norm = k1 * (1 - b + (b * skill.length) / this.averageLength);
    let score = 0;
    for (const term of queryTerms) {
      const tf = skill.tf.get(term) ?? 0;
      if (tf > 0) score += (this.idf(term) * tf * (k1 + 1)) / (tf + norm);
      else if (skill.excluded.has(term)) score -= exclusionWeight * this.idf(term);
    }
    for (const pair of queryPairs) {
      if (!skill.pairs.has(pair)) continue;
      const [first, second] = pair.split(' ');
      score += (phraseWeight * (this.idf(first) + this.idf(second))) / 2;
    }
    return score;
  }
}

/** A text's terms for routing. Numbers are a request's values (ids, sizes, dates), not what it is about. */
function routingTerms(text: string): string[] {
  return terms(text).filter((term) => !/^\d+$/.test(term));
}

/** Scores are reported with 4 decimals, so that outputs stay stable across platforms. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
