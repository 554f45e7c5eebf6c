// What other tools record about the skills they install (docs/install.md, "Other tools'
// records"), read only, never written:
// - `npx skills` (vercel-labs/skills) writes `skills-lock.json` at the project root: per skill,
//   its `source`, `sourceType`, optional `ref` and `skillPath`, and `computedHash`, the sha256
//   of the folder by its own rule (vercelSkillsHash below);
// - `gh skill install` (cli/cli) writes `metadata.github-repo`, `github-ref`, `github-tree-sha`,
//   `github-path` (and `github-pinned`) into the installed SKILL.md's frontmatter. The tree SHA is
//   the upstream folder's Git tree, taken before gh rewrites that SKILL.md, so the installed
//   folder cannot be checked against it without the upstream.
// Skillsmith's own lock has the same file name beside a location; an npx skills lock is told
// apart by its entries (`computedHash`, no `files`).
import type { FileSystem } from '../base/fileSystem';
import { joinPath } from '../base/paths';
import { parseSkillFile } from '../lint/frontmatter';

export const NPX_SKILLS_LOCK = 'skills-lock.json';

export interface NpxSkillsEntry {
  readonly source: string;
  readonly sourceType?: string;
  readonly ref?: string;
  readonly skillPath?: string;
  /** Lowercase hex sha256, without a prefix. */
  readonly computedHash: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of an npx skills lock, or undefined when `text` is not one (Skillsmith's own, damaged, other). */
export function parseNpxSkillsLock(text: string): Record<string, NpxSkillsEntry> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data) || typeof data.version !== 'number' || !isRecord(data.skills)) return undefined;
  const entries = Object.entries(data.skills);
  if (entries.length === 0) return undefined;
  const skills: Record<string, NpxSkillsEntry> = {};
  for (const [name, entry] of entries) {
    if (!isRecord(entry) || typeof entry.computedHash !== 'string' || 'files' in entry) return undefined;
    skills[name] = {
      source: typeof entry.source === 'string' ? entry.source : '',
      ...(typeof entry.sourceType === 'string' ? { sourceType: entry.sourceType } : {}),
      ...(typeof entry.ref === 'string' ? { ref: entry.ref } : {}),
      ...(typeof entry.skillPath === 'string' ? { skillPath: entry.skillPath } : {}),
      computedHash: entry.computedHash.toLowerCase(),
    };
  }
  return skills;
}

/** Whether a skills-lock.json's text is npx skills' (and so never Skillsmith's to write). */
export function isNpxSkillsLock(text: string): boolean {
  return parseNpxSkillsLock(text) !== undefined;
}

/**
 * npx skills' `computedHash` of a folder, by its rule (https://github.com/vercel-labs/skills/blob/main/src/local-lock.ts,
 * computeSkillFolderHash): every regular file below the folder, `.git` and `node_modules`
 * folders skipped, symbolic links skipped; sorted by their relative path (with `/`) with
 * `localeCompare`; the sha256 of each path's UTF-8 bytes followed by the file's bytes, all
 * concatenated. `sha256Hex` hashes bytes to lowercase hex.
 */
export async function npxSkillsHash(
  fs: FileSystem,
  dir: string,
  sha256Hex: (bytes: Uint8Array) => string,
): Promise<string> {
  const files: { relativePath: string; content: Uint8Array }[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readDirectory(folder)) {
      if (entry.isSymlink) continue;
      if (entry.kind === 'directory') {
        if (entry.name === '.git' || entry.name === 'node_modules') continue;
        await walk(joinPath(folder, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.kind === 'file') {
        files.push({
          relativePath: `${prefix}${entry.name}`,
          content: await fs.readFile(joinPath(folder, entry.name)),
        });
      }
    }
  };
  await walk(dir, '');
  files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  const encoder = new TextEncoder();
  const parts = files.flatMap((f) => [encoder.encode(f.relativePath), f.content]);
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return sha256Hex(all);
}

export interface GhSkillMetadata {
  readonly repo: string;
  readonly ref?: string;
  readonly treeSha?: string;
  readonly path?: string;
  readonly pinned?: string;
}

/** The `metadata.github-*` keys gh skill install wrote into a SKILL.md, or undefined. */
export function ghSkillMetadata(skillMd: string): GhSkillMetadata | undefined {
  const metadata = parseSkillFile(skillMd).data?.metadata;
  if (!isRecord(metadata) || typeof metadata['github-repo'] !== 'string') return undefined;
  const text = (key: string) => (typeof metadata[key] === 'string' ? metadata[key] : undefined);
  const ref = text('github-ref');
  const treeSha = text('github-tree-sha');
  const path = text('github-path');
  const pinned = text('github-pinned');
  return {
    repo: metadata['github-repo'],
    ...(ref !== undefined ? { ref } : {}),
    ...(treeSha !== undefined ? { treeSha } : {}),
    ...(path !== undefined ? { path } : {}),
    ...(pinned !== undefined ? { pinned } : {}),
  };
}

/** A source as the tools spell it, made comparable: `owner/repo`, a GitHub URL, with or without `.git`. */
export function comparableSource(source: string): string {
  return source
    .trim()
    .replace(/^(?:https?:\/\/|ssh:\/\/git@|git@)github\.com[/:]/i, '')
    .replace(/\.git$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The records' names, as the comparison says them. */
export const OWN_LOCK = "Skillsmith's lock";
export const NPX_LOCK = "npx skills' skills-lock.json";
export const GH_METADATA = "gh skill's metadata";

/** One tool's record of a skill folder, for the comparison of records. */
export interface SkillRecordOf {
  /** Who keeps it: "Skillsmith's lock", "npx skills' skills-lock.json", "gh skill's metadata". */
  readonly who: string;
  readonly source: string;
  /** `ok` or `modified` when checked against the folder; anything else is not compared. */
  readonly status: string;
}

/** Sentences for each pair of records of one folder that disagree: about its source, or its files. */
export function recordsDisagree(records: readonly SkillRecordOf[]): string[] {
  const said: string[] = [];
  const checked = (status: string) => status === 'ok' || status === 'modified';
  for (let i = 0; i < records.length; i++)
    for (let j = i + 1; j < records.length; j++) {
      const [a, b] = [records[i], records[j]];
      if (comparableSource(a.source) !== comparableSource(b.source))
        said.push(`the records disagree about its source: ${a.who} says ${a.source}, ${b.who} says ${b.source}`);
      if (checked(a.status) && checked(b.status) && a.status !== b.status)
        said.push(`the records disagree about its files: ${a.who} says ${a.status}, ${b.who} says ${b.status}`);
    }
  return said;
}
