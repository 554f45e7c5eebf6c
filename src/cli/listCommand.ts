// `skillsmith list [ROOT] [--json] [--budget N] [--no-user]` (docs/cli.md): the catalog and
// the listing exactly as the extension builds them for ROOT as the workspace folder.
import * as os from 'node:os';
import type { FileSystem } from '../core/base/fileSystem';
import { normalizePath, toNativePath } from '../core/base/paths';
import { shorten } from '../core/base/text';
import { createSkillCatalog } from '../core/access/policy';
import type { SkillCatalog } from '../core/catalog/catalog';
import { CatalogUpdater } from '../core/catalog/catalogUpdater';
import type { SkippedPath } from '../core/catalog/discovery';
import type { Listing } from '../core/catalog/listing';
import { resolveLocations } from '../core/catalog/locations';
import { OFFER_STATUS_LABEL, whyNotOffered } from '../core/catalog/offerStatusText';
import { DEFAULT_LISTING_BUDGET, MIN_LISTING_BUDGET } from '../core/base/limits';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, integerOption, parseCommandArgs, UsageError, type CommandArgs } from './args';
import { writeOut } from './output';
import { rootFolder } from './workingFolder';

export interface CatalogOptions {
  /** The workspace folder, absolute (canonical form). */
  readonly root: string;
  readonly includeUser: boolean;
  readonly unicodeNames: boolean;
  readonly onSkip?: (skipped: SkippedPath) => void;
}

/** Scans ROOT (and the user-level folders) into a fresh catalog. The CLI runs at the user's own command: the workspace counts as trusted. */
export async function loadCatalog(fs: FileSystem, options: CatalogOptions): Promise<SkillCatalog> {
  const locations = resolveLocations({
    workspaceFolders: [options.root],
    home: normalizePath(os.homedir()),
    includeUser: options.includeUser,
  });
  const catalog = createSkillCatalog();
  await new CatalogUpdater(catalog, fs, locations, {
    unicodeNames: options.unicodeNames,
    onSkip: options.onSkip,
  }).scanAll();
  return catalog;
}

/** The catalog of ROOT as a command's --no-user and --unicode-names ask for it. */
export function loadCatalogFor(fs: FileSystem, root: string, args: CommandArgs): Promise<SkillCatalog> {
  return loadCatalog(fs, { root, includeUser: !flag(args, 'no-user'), unicodeNames: flag(args, 'unicode-names') });
}

/** The `--json` shape of docs/cli.md. */
export function listJson(catalog: SkillCatalog, listing: Listing): string {
  return JSON.stringify({
    skills: catalog.entries().map((entry) => ({
      name: entry.record.name,
      description: entry.record.description ?? null,
      path: toNativePath(entry.record.filePath),
      location: entry.record.location.label,
      offered: entry.status === 'offered',
      status: entry.status,
    })),
    listing: listing.text,
    dropped: listing.dropped,
    budget: listing.budget,
  });
}

/** A readable table of the catalog, then the listing's budget use and why skills are not offered. */
export function listText(catalog: SkillCatalog, listing: Listing): string {
  const entries = catalog.entries();
  if (entries.length === 0)
    return 'No skills found. Skills are folders with a SKILL.md under .agents/skills, .github/skills or .claude/skills, where agents read skills (skills/ is searched too, but no agent reads it).\n';
  const rows = entries.map((e) => [
    e.record.name,
    OFFER_STATUS_LABEL[e.status],
    e.record.location.label,
    shorten(e.record.description ?? '', 60),
  ]);
  const header = ['NAME', 'STATUS', 'LOCATION', 'DESCRIPTION'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  const lines = [format(header), ...rows.map(format)];
  lines.push('');
  lines.push(`Listing: ${listing.included.length} skills, ${listing.used} of ${listing.budget} characters.`);
  if (listing.dropped.length > 0)
    lines.push(`Dropped by the budget (${listing.dropped.length}): ${listing.dropped.join(', ')}`);
  const notOffered = entries.filter((e) => e.status !== 'offered');
  if (notOffered.length > 0) {
    lines.push('', 'Not offered:');
    for (const entry of notOffered) lines.push(`  ${entry.record.name}: ${whyNotOffered(entry, toNativePath)}`);
  }
  return lines.join('\n') + '\n';
}

/** `skillsmith list`: parses its options and prints the catalog and the listing. */
export async function list(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['budget'], booleans: ['json', 'no-user', 'unicode-names'] });
  if (args.positionals.length > 1) throw new UsageError('list takes at most one ROOT');
  const budget = integerOption(args, 'budget', DEFAULT_LISTING_BUDGET, { min: MIN_LISTING_BUDGET });
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, args.positionals[0] ?? '.');
  const catalog = await loadCatalogFor(fs, root, args);
  const listing = catalog.listing(budget);
  await writeOut(flag(args, 'json') ? listJson(catalog, listing) + '\n' : listText(catalog, listing));
  return 0;
}
