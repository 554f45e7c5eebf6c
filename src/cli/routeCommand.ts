// `skillsmith route QUERY [--root R] [--top K] [--json] [--no-user]` (docs/routing.md): the
// lexical router's ranking of the listed skills for one request.
import { LexicalRanker } from '../core/routing/lexicalRanker';
import type { SkillCatalog } from '../core/catalog/catalog';
import { listedSkills } from './routingCatalog';

export interface RouteOutput {
  readonly query: string;
  readonly results: readonly { readonly name: string; readonly score: number }[];
  readonly pick: string | null;
}

/** The ranking of `query`, cut to the `top` best. */
export function routeQuery(catalog: SkillCatalog, query: string, top: number): RouteOutput {
  const ranking = new LexicalRanker(listedSkills(catalog)).rank(query);
  return { query, results: ranking.results.slice(0, top), pick: ranking.pick };
}

/** The readable form: one line per result, then the pick. */
export function routeText(output: RouteOutput): string {
  if (output.results.length === 0) return 'No skill matches this request.\npick: none\n';
  const width = Math.max(...output.results.map((r) => r.name.length));
  const lines = output.results.map((r) => `${r.name.padEnd(width)}  ${r.score.toFixed(4)}`);
  lines.push(`pick: ${output.pick ?? 'none (the best match explains too little of the request)'}`);
  return lines.join('\n') + '\n';
}
