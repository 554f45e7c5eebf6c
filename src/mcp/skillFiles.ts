// The files the server serves of an offered skill (docs/mcp.md, "What it serves"): which they
// are, their `skill://` URIs and their exact bytes. resources/list and resources/read, the Skills
// extension's manifests and the change notifications all read a skill through these.
import type { FileSystem } from '../core/base/fileSystem';
import { joinPath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { CatalogEntry } from '../core/catalog/catalogEntry';
import { offeredNestedSkills } from '../core/loading/tools';
import { listBundledFiles, readFileInSkill } from '../core/loading/skillFolder';

/**
 * The per-skill limits every host accepts (SEP-2640, "Limits"): a skill beyond either is not
 * served as a skill of the extension (servers SHOULD NOT), and no single file beyond the total
 * is read through resources/read.
 */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** `skill://<name>/<path>` for a file of a skill. */
export function skillUri(name: string, path: string): string {
  return `skill://${name}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The skill name and file path of a `skill://` URI; undefined when it is not one. */
export function parseSkillUri(uri: string): { name: string; path: string } | undefined {
  const match = /^skill:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!match) return undefined;
  try {
    return { name: decodeURIComponent(match[1]), path: match[2].split('/').map(decodeURIComponent).join('/') };
  } catch {
    return undefined;
  }
}

/** The offered skills' files, over one catalog. */
export interface SkillFiles {
  /** Every file of an offered skill, SKILL.md first, as paths relative to its folder. */
  readonly filesOf: (dir: string) => Promise<string[]>;
  /** The offered skill of this exact name. */
  readonly offeredSkill: (name: string) => CatalogEntry | undefined;
  /**
   * The raw bytes of a file of an offered skill's manifest: `SKILL.md` is the skill's own file,
   * whatever the case of its name on disk; any other file only through the guard that keeps
   * reads inside the folder (binary and large files pass: resources/read serves their bytes).
   */
  readonly servedBytes: (entry: CatalogEntry, path: string) => Promise<Uint8Array | 'too_large' | undefined>;
}

/** The files the server serves of the catalog's offered skills. */
export function skillFiles(catalog: SkillCatalog, fs: FileSystem): SkillFiles {
  return {
    filesOf: async (dir) => ['SKILL.md', ...(await listBundledFiles(fs, dir, offeredNestedSkills(catalog)))],
    offeredSkill: (name) => catalog.offered().find((e) => e.record.name === name),
    servedBytes: async (entry, path) => {
      const file = path === 'SKILL.md' ? entry.record.filePath : joinPath(entry.record.dir, path);
      if (path !== 'SKILL.md') {
        const guarded = await readFileInSkill(fs, entry.record.dir, path, offeredNestedSkills(catalog));
        if (!guarded.ok && guarded.error.type !== 'invalid_input' && guarded.error.type !== 'too_large')
          return undefined;
      }
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || stat.kind !== 'file') return undefined;
      if (stat.size > MAX_SKILL_BYTES) return 'too_large';
      return fs.readFile(file).catch(() => undefined);
    },
  };
}
