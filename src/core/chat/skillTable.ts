// The `/list` answer of @skills as markdown: every skill in the catalog with where it
// lives and whether the model is offered it (or why not), then how much of the listing
// budget is used and which skills the budget dropped (SPEC §5: the UI shows that).
// Pure, so node --test checks the wording; the participant supplies the links.
import type { CatalogEntry } from '../catalog/catalog';
import { escapeInlineMarkdown } from './chatCommands';
import type { Listing } from '../catalog/listing';

/** How the `/list` table renders links and long descriptions. */
export interface SkillTableOptions {
  /** A link target (e.g. a file URI) for an entry's SKILL.md; plain text when omitted. */
  readonly link?: (entry: CatalogEntry) => string | undefined;
  /** Longest description shown in a cell, in characters (default 160). */
  readonly maxDescription?: number;
}

/** Why an entry is or is not offered to the model, in a few words. */
export function offerText(entry: CatalogEntry, listing: Listing): string {
  switch (entry.status) {
    case 'offered':
      return listing.dropped.includes(entry.record.name) ? 'no: over the listing budget (still loadable by name)' : 'yes';
    case 'errors': {
      const count = entry.problems.filter((p) => p.severity === 'error').length;
      return `no: ${count} error${count === 1 ? '' : 's'}`;
    }
    case 'hidden':
      return 'no: disable-model-invocation (use /run)';
    case 'shadowed':
      return `no: shadowed by ${entry.shadowedBy?.location.label ?? 'another skill'}`;
    case 'untrusted':
      return 'no: workspace not trusted';
  }
}

function cell(text: string): string {
  return escapeInlineMarkdown(text) || ' ';
}

function shorten(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length <= max ? folded : `${folded.slice(0, max - 1).trimEnd()}…`;
}

/** The whole `/list` answer: the table, the budget line and the dropped skills. */
export function buildSkillTable(entries: readonly CatalogEntry[], listing: Listing, options: SkillTableOptions = {}): string {
  if (entries.length === 0) {
    return 'No skills found. A skill is a folder with a `SKILL.md` under `skills/`, `.agents/skills`, `.github/skills` or `.claude/skills`.';
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
    `Listing: ${offered} skill${offered === 1 ? '' : 's'} in ${listing.used} of ${listing.budget} characters (\`skillsmith.listing.budget\`).`,
  ];
  if (listing.dropped.length > 0) {
    lines.push(
      '',
      `Dropped by the budget (${listing.dropped.length}), still loadable by name: ${listing.dropped.map((n) => `\`${n}\``).join(', ')}.`,
    );
  }
  return lines.join('\n');
}
