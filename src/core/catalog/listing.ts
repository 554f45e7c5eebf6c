// The listing the model always sees (SPEC §5): one line per offered skill, sorted by
// name, cut at a character budget, with the names that did not fit.

export const DEFAULT_LISTING_BUDGET = 12000;

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

function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) count++;
  }
  return count;
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

/** Compares names by code point, so the order does not depend on the machine's locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
