// `skillsmith list [ROOT] [--json] [--budget N] [--no-user]` (SPEC §7): the catalog and
// the listing exactly as the extension builds them for ROOT as the workspace folder.
import * as os from 'node:os';
import * as path from 'node:path';
import { SkillCatalog, type CatalogEntry } from '../core/catalog/catalog';
import { CatalogUpdater } from '../core/catalog/catalogUpdater';
import type { FileSystem } from '../core/base/fileSystem';
import type { Listing } from '../core/catalog/listing';
import { resolveLocations } from '../core/catalog/locations';
import type { SkippedPath } from '../core/catalog/discovery';

export interface CatalogOptions {
  readonly root: string;
  readonly includeUser: boolean;
  readonly unicodeNames: boolean;
  readonly onSkip?: (skipped: SkippedPath) => void;
}

/** Scans ROOT (and the user-level folders) into a fresh catalog. */
export async function loadCatalog(fs: FileSystem, options: CatalogOptions): Promise<SkillCatalog> {
  const locations = resolveLocations({
    workspaceFolders: [path.resolve(options.root)],
    home: os.homedir(),
    includeUser: options.includeUser,
  });
  const catalog = new SkillCatalog();
  await new CatalogUpdater(catalog, fs, locations, { unicodeNames: options.unicodeNames, onSkip: options.onSkip }).scanAll();
  return catalog;
}

/** The `--json` shape of SPEC §7. */
export function listJson(catalog: SkillCatalog, listing: Listing): string {
  return JSON.stringify({
    skills: catalog.entries().map((entry) => ({
      name: entry.record.name,
      description: entry.record.description ?? null,
      path: entry.record.filePath,
      location: entry.record.location.label,
      offered: entry.status === 'offered',
      status: entry.status,
    })),
    listing: listing.text,
    dropped: listing.dropped,
    budget: listing.budget,
  });
}

const STATUS_TEXT: Record<CatalogEntry['status'], string> = {
  offered: 'offered',
  errors: 'not offered: has errors',
  hidden: 'hidden (disable-model-invocation)',
  shadowed: 'not offered: shadowed',
  untrusted: 'not offered: untrusted',
};

/** A readable table of the catalog, then the listing's budget use. */
export function listText(catalog: SkillCatalog, listing: Listing): string {
  const entries = catalog.entries();
  if (entries.length === 0) return 'No skills found. Skills are folders with a SKILL.md under skills/, .agents/skills, .github/skills or .claude/skills.\n';
  const rows = entries.map((e) => [e.record.name, STATUS_TEXT[e.status], e.record.location.label, oneLine(e.record.description ?? '', 60)]);
  const header = ['NAME', 'STATUS', 'LOCATION', 'DESCRIPTION'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  const lines = [format(header), ...rows.map(format)];
  lines.push('');
  lines.push(`Listing: ${listing.included.length} skills, ${listing.used} of ${listing.budget} characters.`);
  if (listing.dropped.length > 0) lines.push(`Dropped by the budget (${listing.dropped.length}): ${listing.dropped.join(', ')}`);
  return lines.join('\n') + '\n';
}

function oneLine(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? folded.slice(0, max - 1) + '…' : folded;
}
