// The listing the model always sees (docs/format.md, "The listing"): one line per offered
// skill, sorted by name, cut at a character budget, with the names that did not fit.
import { DEFAULT_LISTING_BUDGET } from '../base/limits';
import { codePointLength } from '../base/text';

export interface ListingItem {
  readonly name: string;
  /** Undefined is listed as an empty description. */
  readonly description: string | undefined;
}

export interface Listing {
  readonly text: string;
  /** Names in the listing, in order. */
  readonly included: readonly string[];
  /** Names offered but left out because the budget ran out, in order. */
  readonly dropped: readonly string[];
  readonly budget: number;
  /** Characters (code points) the text uses. */
  readonly used: number;
}

/** One listing line: the description with its white space folded onto one line. */
export function listingLine(item: ListingItem): string {
  return `- ${item.name}: ${(item.description ?? '').replace(/\s+/g, ' ').trim()}`;
}

/**
 * Builds the listing from items already sorted by name. Lines are added while the text,
 * newlines included, stays within the budget; from the first line that would pass it,
 * every remaining item is dropped.
 */
export function buildListing(sortedItems: readonly ListingItem[], budget: number = DEFAULT_LISTING_BUDGET): Listing {
  const lines: string[] = [];
  const included: string[] = [];
  let used = 0;
  let index = 0;
  for (; index < sortedItems.length; index++) {
    const line = listingLine(sortedItems[index]);
    const cost = codePointLength(line) + (lines.length > 0 ? 1 : 0);
    if (used + cost > budget) break;
    lines.push(line);
    included.push(sortedItems[index].name);
    used += cost;
  }
  const dropped = sortedItems.slice(index).map((item) => item.name);
  return { text: lines.join('\n'), included, dropped, budget, used };
}
