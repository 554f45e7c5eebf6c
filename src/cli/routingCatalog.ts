// What `skillsmith route` and `skillsmith eval` route against: the skills the model sees in
// the listing (docs/routing.md), and the eval files with their cases.
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { decodeUtf8 } from '../core/base/text';
import type { Problem } from '../core/base/types';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { ListingItem } from '../core/catalog/listing';
import { listedSkills as listedSkillsOf } from '../core/routing/listedSkills';
import type { RoutingCase } from '../core/routing/evalCases';
import { triggerEvalSkill } from '../core/routing/evalFiles';
import { lintEvalFile } from '../core/routing/evalLint';

/** The listed skills under the default budget: what a router sees. */
export function listedSkills(catalog: SkillCatalog): (ListingItem & { readonly description: string })[] {
  return listedSkillsOf(catalog, DEFAULT_LISTING_BUDGET);
}

export interface LoadedEvalFile {
  readonly path: string;
  readonly cases: readonly RoutingCase[];
  readonly problems: readonly Problem[];
}

/** Reads and lints one eval file; a read failure is thrown for the caller to report. */
export async function loadEvalFile(
  fs: FileSystem,
  catalog: SkillCatalog,
  path: string,
  skill: string | undefined,
): Promise<LoadedEvalFile> {
  const text = decodeUtf8(await fs.readFile(path)).replace(/^\uFEFF/, '');
  const owner = skill ?? triggerEvalSkill(path, catalog);
  const { cases, problems } = lintEvalFile(text, owner, catalog);
  return { path, cases, problems };
}
