// The `/list` answer of @skills as markdown: every skill in the catalog with where it
// lives and whether the model is offered it (or why not), then how much of the listing
// budget is used and which skills the budget dropped (docs/format.md: the UI shows that).
// Pure, so node --test checks the wording; the participant supplies the links.
import { plural, shorten } from '../base/text';
import type { CatalogEntry } from '../catalog/catalog';
import type { Listing } from '../catalog/listing';
import { whyNotOffered } from '../catalog/offerStatusText';
import { escapeInlineMarkdown } from './chatCommands';

/** How the `/list` table renders links and long descriptions. */
export interface SkillTableOptions {
  /** A link target (e.g. a file URI) for an entry's SKILL.md; plain text when omitted. */
  readonly link?: (entry: CatalogEntry) => string | undefined;
  /** Longest description shown in a cell, in characters (default 160). */
  readonly maxDescription?: number;
}

/** Whether an entry is offered to the model, or why not, in a few words. */
export function offerText(entry: CatalogEntry, listing: Listing, describePath?: (path: string) => string): string {
  if (entry.status === 'offered') {
    return listing.dropped.includes(entry.record.name) ? 'no: over the listing budget (still loadable by name)' : 'yes';
  }
  return `no: ${whyNotOffered(entry, describePath)}`;
}

function cell(text: string): string {
  return escapeInlineMarkdown(text) || ' ';
}

/** The whole `/list` answer: the table, the budget line and the dropped skills. */
export function buildSkillTable(
  entries: readonly CatalogEntry[],
  listing: Listing,
  options: SkillTableOptions = {},
): string {
  if (entries.length === 0) {
    return 'No skills found. A skill is a folder with a `SKILL.md` under `.agents/skills`, `.github/skills` or `.claude/skills`, where agents read skills (`skills/` is searched too, but no agent reads it).';
  }
  const max = options.maxDescription ?? 160;
  const rows = entries.map((entry) => {
    const name = cell(entry.record.name);
    const target = options.link?.(entry);
    const nameCell = target ? `[${name}](${target.replace(/[()\s]/g, encodeURIComponent)})` : name;
    const description = cell(shorten(entry.record.description ?? '', max));
    return `| ${nameCell} | ${description} | ${cell(entry.record.location.label)} | ${cell(offerText(entry, listing))} |`;
  });
  const offered = listing.included.length;
  const lines = [
    '| Skill | Description | Location | Offered to the model |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Listing: ${plural(offered, 'skill')} in ${listing.used} of ${listing.budget} characters (\`skillsmith.listing.budget\`).`,
  ];
  if (listing.dropped.length > 0) {
    lines.push(
      '',
      `Dropped by the budget (${listing.dropped.length}), still loadable by name: ${listing.dropped.map((n) => `\`${n}\``).join(', ')}.`,
    );
  }
  return lines.join('\n');
}
