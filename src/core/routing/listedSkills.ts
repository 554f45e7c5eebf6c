// What a router sees of a catalog: the skills in the listing under the budget, with their
// descriptions, sorted by name (docs/routing.md). A skill the budget drops is not seen.
import type { SkillCatalog } from '../catalog/catalog';
import type { ListingItem } from '../catalog/listing';

export function listedSkills(
  catalog: SkillCatalog,
  budget: number,
): (ListingItem & { readonly description: string })[] {
  const included = new Set(catalog.listing(budget).included);
  return offeredSkills(catalog).filter((s) => included.has(s.name));
}

/**
 * Every skill offered to the model, sorted by name, before any budget: what a router over eval
 * cases takes, since a case with `candidates` is listed on its own (evalRun.ts, seenSkills).
 */
export function offeredSkills(catalog: SkillCatalog): (ListingItem & { readonly description: string })[] {
  return catalog.offered().map((e) => ({ name: e.record.name, description: e.record.description ?? '' }));
}
