// `skillsmith verify` for the skills other tools installed (docs/install.md, "Other tools'
// records"): npx skills' skills-lock.json at the root, checked by its own hash rule, and gh
// skill's metadata in SKILL.md, reported with why it cannot be checked here. Where two records
// (Skillsmith's lock, npx skills', gh skill's) disagree about one skill folder, it says so.
// Read only: another tool's record is never rewritten or deleted.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { joinPath, toNativePath } from '../core/base/paths';
import { resolveLocations } from '../core/catalog/locations';
import {
  GH_METADATA,
  ghSkillMetadata,
  NPX_LOCK,
  NPX_SKILLS_LOCK,
  npxSkillsHash,
  OWN_LOCK,
  parseNpxSkillsLock,
  recordsDisagree,
  type SkillRecordOf,
} from '../core/review';
import { NodeFileSystem } from './nodeFileSystem';

export interface OtherToolRecord {
  readonly tool: 'npx skills' | 'gh skill';
  /** The file that holds the record. */
  readonly recordFile: string;
  readonly name: string;
  /** The skill's folder (for a missing one, where it was looked for first). */
  readonly dir: string;
  readonly source: string;
  /** `recorded`: the record cannot be checked against the folder here (gh skill's, see why). */
  readonly status: 'ok' | 'modified' | 'missing' | 'recorded';
  readonly detail: string;
}

/** What Skillsmith's own lock says of one folder, for the comparison. */
export interface OwnRecord {
  readonly dir: string;
  readonly source: string;
  readonly status: 'ok' | 'modified' | 'missing';
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isDir = (path: string) => fs.statSync(toNativePath(path), { throwIfNoEntry: false })?.isDirectory() === true;

/** The records other tools keep of the skills under `root`. */
export async function verifyOtherTools(root: string): Promise<OtherToolRecord[]> {
  const nodeFs = new NodeFileSystem();
  const locations = resolveLocations({ workspaceFolders: [root], includeUser: false }).map((l) => l.path);
  const records: OtherToolRecord[] = [];
  const lockFile = joinPath(root, NPX_SKILLS_LOCK);
  const lockText = fs.existsSync(toNativePath(lockFile)) ? fs.readFileSync(toNativePath(lockFile), 'utf8') : '';
  const npx = lockText ? parseNpxSkillsLock(lockText) : undefined;
  for (const [name, entry] of Object.entries(npx ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    // npx skills installs into .agents/skills (its canonical folder), and links or copies it for other agents.
    const canonical = joinPath(root, '.agents', 'skills', name);
    const dir = [canonical, ...locations.map((l) => joinPath(l, name))].find(isDir);
    const base = { tool: 'npx skills' as const, recordFile: lockFile, name, source: entry.source };
    if (!dir) {
      records.push({ ...base, dir: canonical, status: 'missing', detail: 'its folder is gone' });
      continue;
    }
    const actual = await npxSkillsHash(nodeFs, dir, sha256Hex);
    records.push(
      actual === entry.computedHash
        ? { ...base, dir, status: 'ok', detail: 'its computedHash matches' }
        : {
            ...base,
            dir,
            status: 'modified',
            detail: `its files no longer match the computedHash npx skills recorded (${entry.computedHash.slice(0, 12)}…, now ${actual.slice(0, 12)}…)`,
          },
    );
  }
  for (const location of locations) {
    if (!isDir(location)) continue;
    for (const name of fs.readdirSync(toNativePath(location)).sort()) {
      const skillMd = joinPath(location, name, 'SKILL.md');
      if (!fs.existsSync(toNativePath(skillMd))) continue;
      const gh = ghSkillMetadata(fs.readFileSync(toNativePath(skillMd), 'utf8'));
      if (!gh) continue;
      records.push({
        tool: 'gh skill',
        recordFile: skillMd,
        name,
        dir: joinPath(location, name),
        source: gh.repo,
        status: 'recorded',
        detail: `by gh skill from ${gh.repo}${gh.ref ? ` at ${gh.ref}` : ''}${gh.treeSha ? `, tree ${gh.treeSha.slice(0, 12)}` : ''}: gh records the upstream folder's Git tree SHA, taken before it rewrites SKILL.md, so it can be checked against the upstream (gh skill update), not against this folder`,
      });
    }
  }
  return records;
}

/** Sentences for every folder whose records disagree: about the source, or one matching and another not. */
export function disagreements(own: readonly OwnRecord[], others: readonly OtherToolRecord[]): string[] {
  const byDir = new Map<string, SkillRecordOf[]>();
  const add = (dir: string, record: SkillRecordOf) => byDir.set(dir, [...(byDir.get(dir) ?? []), record]);
  for (const r of own) add(r.dir, { who: OWN_LOCK, source: r.source, status: r.status });
  for (const r of others)
    add(r.dir, { who: r.tool === 'npx skills' ? NPX_LOCK : GH_METADATA, source: r.source, status: r.status });
  return [...byDir].flatMap(([dir, records]) => recordsDisagree(records).map((s) => `${toNativePath(dir)}: ${s}`));
}
