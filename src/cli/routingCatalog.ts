// What `skillsmith route` and `skillsmith eval` route against: the skills the model sees in
// the listing (docs/routing.md), and the eval files with their cases.
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { basenamePath, dirnamePath } from '../core/base/paths';
import { decodeUtf8 } from '../core/base/text';
import type { Problem } from '../core/base/types';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { ListingItem } from '../core/catalog/listing';
import { parseEvalFile, type RoutingCase } from '../core/routing/evalCases';
import { evalNameContext, lintEvalNames } from '../core/routing/evalLint';

/** The listed skills with their descriptions, sorted by name: what a router sees. */
export function listedSkills(catalog: SkillCatalog, budget = DEFAULT_LISTING_BUDGET): (ListingItem & { readonly description: string })[] {
  const included = new Set(catalog.listing(budget).included);
  return catalog.offered().filter((e) => included.has(e.record.name)).map((e) => ({ name: e.record.name, description: e.record.description ?? '' }));
}

/** The skill that `<skill>/evals/trigger-evals.json` belongs to (its folder's name), if the path is one. */
export function triggerEvalSkill(filePath: string): string | undefined {
  const evals = dirnamePath(filePath);
  if (basenamePath(filePath) !== 'trigger-evals.json' || basenamePath(evals) !== 'evals') return undefined;
  return basenamePath(dirnamePath(evals));
}

export interface LoadedEvalFile {
  readonly path: string;
  readonly cases: readonly RoutingCase[];
  readonly problems: readonly Problem[];
}

/** Reads and lints one eval file; a read failure is thrown for the caller to report. */
export async function loadEvalFile(fs: FileSystem, catalog: SkillCatalog, path: string, skill: string | undefined): Promise<LoadedEvalFile> {
  const text = decodeUtf8(await fs.readFile(path)).replace(/^\uFEFF/, '');
  const owner = skill ?? triggerEvalSkill(path);
  const parsed = parseEvalFile(text, owner ? { skill: owner } : {});
  const names = lintEvalNames(parsed.names, evalNameContext(catalog));
  return { path, cases: parsed.cases, problems: [...parsed.problems, ...names] };
}
