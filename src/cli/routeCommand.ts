// `skillsmith route QUERY [--root R] [--top K] [--json] [--no-user]` (docs/routing.md): the
// lexical router's ranking of the listed skills for one request.
import { LexicalRanker } from '../core/routing/lexicalRanker';
import type { SkillCatalog } from '../core/catalog/catalog';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, integerOption, parseCommandArgs, stringOption, UsageError } from './args';
import { loadCatalogFor } from './listCommand';
import { writeOut } from './output';
import { listedSkills } from './routingCatalog';
import { rootFolder } from './workingFolder';

export interface RouteOutput {
  readonly query: string;
  readonly results: readonly { readonly name: string; readonly score: number }[];
  readonly pick: string | null;
  /** Why there is no pick (docs/routing.md, "The lexical ranker"). */
  readonly abstention?: { readonly reason: 'no-match' | 'foreign' | 'common-words-only'; readonly message: string };
  /** The best two scores are within NEAR_TIE of each other: the pick could go either way. */
  readonly nearTie?: readonly [string, string];
}

/** Two scores this close (relative to the best) are a near tie. */
export const NEAR_TIE = 0.02;

/** What each abstention means, for a person. */
export const ABSTENTION_MESSAGES = {
  'no-match': 'no skill shares a word with the request',
  foreign:
    'the request is foreign to the catalog: more of its words are unknown to every description than requests about these skills have',
  'common-words-only': 'the best match shares with the request only words that every skill has',
} as const;

/** The ranking of `query`, cut to the `top` best. */
export function routeQuery(catalog: SkillCatalog, query: string, top: number): RouteOutput {
  const ranking = new LexicalRanker(listedSkills(catalog)).rank(query);
  const [first, second] = ranking.results;
  const nearTie =
    first && second && first.score - second.score <= NEAR_TIE * first.score
      ? ([first.name, second.name] as const)
      : undefined;
  return {
    query,
    results: ranking.results.slice(0, top),
    pick: ranking.pick,
    ...(ranking.abstention
      ? { abstention: { reason: ranking.abstention, message: ABSTENTION_MESSAGES[ranking.abstention] } }
      : {}),
    ...(nearTie ? { nearTie } : {}),
  };
}

/** The readable form: one line per result, then the pick, and why there is none. */
export function routeText(output: RouteOutput): string {
  if (output.results.length === 0)
    return `No skill matches this request.\npick: none (${ABSTENTION_MESSAGES['no-match']})\n`;
  const width = Math.max(...output.results.map((r) => r.name.length));
  const lines = output.results.map((r) => `${r.name.padEnd(width)}  ${r.score.toFixed(4)}`);
  lines.push(`pick: ${output.pick ?? `none (${output.abstention?.message ?? 'abstained'})`}`);
  if (output.nearTie)
    lines.push(
      `warning: ${output.nearTie[0]} and ${output.nearTie[1]} score within ${NEAR_TIE * 100} % of each other: a small change to either description can flip the pick`,
    );
  return lines.join('\n') + '\n';
}

/** `skillsmith route`: parses its options and prints the ranking for the query. */
export async function route(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['root', 'top'], booleans: ['json', 'no-user', 'unicode-names'] });
  if (args.positionals.length === 0) throw new UsageError('route needs a QUERY');
  const top = integerOption(args, 'top', 5, { min: 1 });
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const catalog = await loadCatalogFor(fs, root, args);
  const output = routeQuery(catalog, args.positionals.join(' '), top);
  await writeOut(flag(args, 'json') ? JSON.stringify(output) + '\n' : routeText(output));
  return 0;
}
