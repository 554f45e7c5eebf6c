// What a router sees of a catalog: the skills in the listing under the budget, with their
// descriptions, sorted by name (docs/routing.md). A skill the budget drops is not seen.
import type { SkillCatalog } from '../catalog/catalog';
import type { ListingItem } from '../catalog/listing';

export function listedSkills(
  catalog: SkillCatalog,
  budget: number,
): (ListingItem & { readonly description: string })[] {
  const included = new Set(catalog.listing(budget).included);
  return catalog
    .offered()
    .filter((e) => included.has(e.record.name))
    .map((e) => ({ name: e.record.name, description: e.record.description ?? '' }));
}
