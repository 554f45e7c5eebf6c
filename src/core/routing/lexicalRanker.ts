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
  /** Its place in the catalog (-1 for a replacement, which is scored on its own). */
  readonly id: number;
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
  /**
   * The skills that have each term (only those can score above 0 for a query), as ids, with the
   * term's frequency in each: what scoring reads, with no lookup per skill.
   */
  private readonly postings = new Map<string, { readonly ids: Int32Array; readonly tfs: Float64Array }>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;
  /** The share of a new request's words that this catalog would not know (foreignRequest.ts). */
  private readonly unseenRate: number;
  /** Each skill's BM25 length normalisation, by id. */
  private readonly norms: Float64Array;
  /** The skills whose "Not for …" clause names each term. */
  private readonly excluders = new Map<string, IndexedSkill[]>();
  /** The skills that have each adjacent pair of terms. */
  private readonly pairHolders = new Map<string, IndexedSkill[]>();
  /** IDFs worked out, the catalog's statistics being fixed once built. */
  private readonly idfs = new Map<string, number>();

  constructor(
    catalog: readonly RoutableSkill[],
    private readonly options: LexicalRankerOptions = LEXICAL_DEFAULTS,
  ) {
    const skills: IndexedSkill[] = [];
    const holders = new Map<string, IndexedSkill[]>();
    for (const skill of catalog) {
      const indexed = this.index(skill, skills.length);
      skills.push(indexed);
      for (const term of indexed.tf.keys()) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
        append(holders, term, indexed);
      }
      for (const term of indexed.excluded) append(this.excluders, term, indexed);
      for (const pair of indexed.pairs) append(this.pairHolders, pair, indexed);
    }
    for (const [term, having] of holders)
      this.postings.set(term, {
        ids: Int32Array.from(having, (skill) => skill.id),
        tfs: Float64Array.from(having, (skill) => skill.tf.get(term)!),
      });
    this.skills = skills;
    this.byName = new Map(skills.map((s) => [s.name, s]));
    this.unseenRate = unseenRate(this.documentFrequency);
    this.averageLength =
      skills.length === 0 ? 1 : Math.max(1, skills.reduce((sum, s) => sum + s.length, 0) / skills.length);
    this.norms = Float64Array.from(skills, (skill) => this.norm(skill));
  }

  /** BM25's length normalisation of one skill. */
  private norm(skill: IndexedSkill): number {
    const { k1, b } = this.options;
    return k1 * (1 - b + (b * skill.length) / this.averageLength);
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

  private index(skill: RoutableSkill, id = -1): IndexedSkill {
    const { nameWeight } = this.options;
    const document = skillDocument(skill);
    const tf = new Map<string, number>();
    for (const term of document.nameTerms) tf.set(term, (tf.get(term) ?? 0) + nameWeight);
    for (const term of document.descriptionTerms) tf.set(term, (tf.get(term) ?? 0) + 1);
    const pairs = new Set<string>();
    pairsOf(document.nameTerms, pairs);
    pairsOf(document.descriptionTerms, pairs);
    const length = document.nameTerms.length * nameWeight + document.descriptionTerms.length;
    return { id, name: skill.name, tf, excluded: new Set(document.excludedTerms), pairs, length };
  }

  /**
   * The best skill for a query with one skill's text replaced, as `rankReplacing(...).pick`
   * would say, without ranking the rest: the held-out pass asks this of every sentence of
   * every description (collisions.ts), and only the pick counts there.
   */
  pickReplacing(query: string, replacement: RoutableSkill): string | null {
    const { scored, unique } = this.scored(query, undefined, this.index(replacement));
    let best: { skill: IndexedSkill; score: number } | undefined;
    for (const entry of scored)
      if (
        !best ||
        entry.score > best.score ||
        (entry.score === best.score && compareCodePoints(entry.skill.name, best.skill.name) < 0)
      )
        best = entry;
    return this.abstention(query, best?.skill, unique) ? null : best!.skill.name;
  }

  /** Scores the skills that share a term with the query (in `only`, when given), one of them replaced. */
  private rankPool(query: string, only?: ReadonlySet<string>, replacement?: IndexedSkill): Ranking {
    const { scored, unique } = this.scored(query, only, replacement);
    scored.sort((a, b) => b.score - a.score || compareCodePoints(a.skill.name, b.skill.name));
    const results = scored.map(({ skill, score }) => ({ name: skill.name, score: round(score) }));
    const inDomainChance = this.inDomainChance(query);
    const best = scored[0]?.skill;
    const abstention = this.abstention(query, best, unique, inDomainChance);
    return {
      results,
      pick: abstention ? null : best.name,
      inDomainChance: round(inDomainChance),
      ...(abstention ? { abstention } : {}),
    };
  }

  /** Why the router would not pick `best` for the query, or undefined when it would. */
  private abstention(
    query: string,
    best: IndexedSkill | undefined,
    unique: readonly string[],
    inDomainChance?: number,
  ): Ranking['abstention'] {
    if (best === undefined) return 'no-match';
    if ((inDomainChance ?? this.inDomainChance(query)) < this.options.foreignSignificance) return 'foreign';
    return this.singlesOut(best, unique) ? undefined : 'common-words-only';
  }

  /**
   * The skills with a score above 0, unsorted, and the query's terms. Scores are summed term by
   * term over each term's postings (and the skills that exclude it, and those with each adjacent
   * pair), in the order `score` sums them, so that each total is the same number `score` gives:
   * a skill costs only the terms it has, not every term of the query.
   */
  private scored(
    query: string,
    only?: ReadonlySet<string>,
    replacement?: IndexedSkill,
  ): { scored: { skill: IndexedSkill; score: number }[]; unique: string[] } {
    const sequence = routingTerms(query);
    const unique = [...new Set(sequence)];
    const queryPairs = new Set<string>();
    pairsOf(sequence, queryPairs);
    const { k1, phraseWeight, exclusionWeight } = this.options;
    const original = replacement && this.byName.get(replacement.name);
    // The pool: every skill sharing a term with the query, the replaced one left out.
    const inPool = new Uint8Array(this.skills.length);
    const pool: number[] = [];
    for (const term of unique)
      for (const id of this.postings.get(term)?.ids ?? []) {
        const skill = this.skills[id];
        if (inPool[id] || skill === original || (only && !only.has(skill.name))) continue;
        inPool[id] = 1;
        pool.push(id);
      }
    const totals = new Float64Array(this.skills.length);
    for (const term of unique) {
      const idf = this.idf(term);
      const posting = this.postings.get(term);
      if (posting) {
        const { ids, tfs } = posting;
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k];
          if (!inPool[id]) continue;
          const tf = tfs[k];
          totals[id] += (idf * tf * (k1 + 1)) / (tf + this.norms[id]);
        }
      }
      for (const skill of this.excluders.get(term) ?? [])
        if (inPool[skill.id] && !skill.tf.has(term)) totals[skill.id] -= exclusionWeight * idf;
    }
    for (const pair of queryPairs) {
      const holders = this.pairHolders.get(pair);
      if (!holders) continue;
      const [first, second] = pair.split(' ');
      const bonus = (phraseWeight * (this.idf(first) + this.idf(second))) / 2;
      for (const skill of holders) if (inPool[skill.id]) totals[skill.id] += bonus;
    }
    const scored: { skill: IndexedSkill; score: number }[] = [];
    for (const id of pool) if (totals[id] > 0) scored.push({ skill: this.skills[id], score: totals[id] });
    if (replacement && unique.some((term) => replacement.tf.has(term)) && (!only || only.has(replacement.name))) {
      const score = this.score(replacement, unique, queryPairs);
      if (score > 0) scored.push({ skill: replacement, score });
    }
    return { scored, unique };
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
    const { k1, phraseWeight, exclusionWeight } = this.options;
    const norm = this.norm(skill);
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

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A text's terms for routing. Numbers are a request's values (ids, sizes, dates), not what it is about. */
function routingTerms(text: string): string[] {
  return terms(text).filter((term) => !/^\d+$/.test(term));
}

/** Scores are reported with 4 decimals, so that outputs stay stable across platforms. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
