// The baseline: plain BM25 (k1 = 1.2, b = 0.75) over each skill's name and description as
// one text, lower-cased words, no stemming, no stop words, no abstention: the top-scoring
// skill is always picked when any word matches. Identifiers are split into words
// (`getWeather`, `dotnet-xunit`), the one step without which names would never match.
import type { RoutableSkill } from '../../src/core/routing/skillDocument';

/** Lower-cased words; identifiers are split at camelCase, `_`, `-` and `.` as a reader would. */
function tokens(text: string): string[] {
  return (
    text
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

export class PlainBm25 {
  private readonly docs: { name: string; tf: Map<string, number>; length: number }[];
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;

  constructor(catalog: readonly RoutableSkill[]) {
    this.docs = catalog.map((skill) => {
      const words = tokens(`${skill.name} ${skill.description}`);
      const tf = new Map<string, number>();
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const w of tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { name: skill.name, tf, length: words.length };
    });
    this.averageLength = Math.max(1, this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length));
  }

  rank(
    query: string,
    candidates?: readonly string[],
  ): { results: { name: string; score: number }[]; pick: string | null } {
    const k1 = 1.2;
    const b = 0.75;
    const n = this.docs.length;
    const words = [...new Set(tokens(query))];
    const pool = candidates ? this.docs.filter((d) => candidates.includes(d.name)) : this.docs;
    const results = pool
      .map((d) => {
        let score = 0;
        for (const w of words) {
          const tf = d.tf.get(w) ?? 0;
          if (tf === 0) continue;
          const df = this.df.get(w) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / this.averageLength));
        }
        return { name: d.name, score };
      })
      .filter((r) => r.score > 0)
      .sort((x, y) => y.score - x.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    return { results, pick: results[0]?.name ?? null };
  }
}
