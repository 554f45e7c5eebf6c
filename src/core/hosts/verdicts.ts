// Verdicts per skill and host (docs/hosts.md, "Verdicts"): will the host find the skill, load
// it, list it to its model (in full, shortened, by name only, or not at all), and who can
// invoke it, each with the reason and the profile fact it rests on. Computed from catalog
// records only, with no I/O beyond what the scan already read. A skill's own facts (found,
// loads) depend on that skill alone; the listing depends on every skill a host loaded, and is
// one pass over them.
import { basenamePath, isInside, joinPath, pathSegments, relativePath, samePath } from '../base/paths';
import { codePointLength, compareCodePoints } from '../base/text';
import type { SkillRecord } from '../catalog/skillRecord';
import { DEFAULT_CONTEXT_TOKENS, HOST_PROFILES, type Fact, type HostId, type HostProfile } from './profiles';

export type ListingForm = 'full' | 'shortened' | 'name-only' | 'dropped';
export type Invocation = 'model' | 'user' | 'none';

/** What a reason is about: what a fix would have to change. */
export type VerdictCause =
  | 'file-name'
  | 'folder'
  | 'depth'
  | 'frontmatter'
  | 'name-length'
  | 'name-mismatch'
  | 'description-missing'
  | 'description-length'
  | 'duplicate'
  | 'invocation'
  | 'listing-budget'
  | 'entry-cap';

/** One sentence about a verdict, what it is about, and the fact it rests on. */
export interface VerdictReason {
  readonly cause: VerdictCause;
  readonly text: string;
  readonly source: string;
}

export interface HostVerdict {
  readonly host: HostId;
  readonly found: boolean;
  readonly loads: boolean;
  /** How the model sees it; undefined when it is not offered to the model at all (not loaded, or user-only). */
  readonly listing: { readonly form: ListingForm; readonly position: number } | undefined;
  readonly invocation: Invocation;
  readonly reasons: readonly VerdictReason[];
}

/** Where the hosts look: the project folders (workspace folders) and the home folder. */
export interface HostContext {
  readonly projectRoots: readonly string[];
  readonly home: string | undefined;
  /** The context window, in tokens, where a budget is a share of it. */
  readonly contextTokens?: number;
}

const STRUCTURAL: ReadonlySet<string> = new Set(['no-frontmatter', 'unclosed-frontmatter', 'yaml-syntax', 'frontmatter-not-mapping']);

const because = <T>(cause: VerdictCause, fact: Fact<T>, text: string): VerdictReason => ({ cause, text, source: `${fact.source} (checked ${fact.checked})` });

/** The folders the host reads, in the order it reads them, with how they are shown. */
function readFolders(profile: HostProfile, context: HostContext): { path: string; shown: string }[] {
  const project = context.projectRoots.flatMap((root) => profile.projectFolders.value.map((folder) => ({ path: joinPath(root, folder), shown: folder })));
  const user = context.home === undefined ? [] : profile.userFolders.value.map((folder) => ({ path: joinPath(context.home!, folder), shown: `~/${folder}` }));
  return [...project, ...user];
}

/** Whether the host finds the skill's file, and where (the index of its folder in readFolders), or why not. */
function find(profile: HostProfile, record: SkillRecord, folders: readonly { path: string; shown: string }[]): { found: true; rank: number } | { found: false; reason: VerdictReason } {
  const fileName = basenamePath(record.filePath);
  if (fileName !== profile.skillFileName.value) {
    return { found: false, reason: because('file-name', profile.skillFileName, `${profile.displayName} reads only ${profile.skillFileName.value}, not ${fileName}.`) };
  }
  for (const [rank, folder] of folders.entries()) {
    if (!isInside(record.dir, folder.path) || samePath(record.dir, folder.path)) continue;
    const depth = pathSegments(relativePath(folder.path, record.dir) ?? '').length;
    if (depth <= profile.maxDepth.value) return { found: true, rank };
    const levels = profile.maxDepth.value === 1 ? 'directly inside it' : `at most ${profile.maxDepth.value} levels below it`;
    return { found: false, reason: because('depth', profile.maxDepth, `The skill is ${depth} levels below ${folder.shown}; ${profile.displayName} reads skills ${levels}.`) };
  }
  const where = [...new Set(folders.map((f) => f.shown))].join(', ');
  return { found: false, reason: because('folder', profile.projectFolders, `${profile.displayName} does not read ${record.location.label}/; it reads ${where || 'no folder here'}.`) };
}

/** Whether the host's own rules accept the skill, or why not; notes on what it changes. */
function accept(profile: HostProfile, record: SkillRecord): { loads: boolean; reasons: VerdictReason[] } {
  const reasons: VerdictReason[] = [];
  if (record.problems.some((p) => STRUCTURAL.has(p.code))) {
    if (profile.unreadableFrontmatter.value === 'refused') return { loads: false, reasons: [because('frontmatter', profile.unreadableFrontmatter, `${profile.displayName} refuses a skill whose frontmatter is missing or not valid YAML.`)] };
    reasons.push(because('frontmatter', profile.unreadableFrontmatter, `${profile.displayName} ignores the unreadable frontmatter and lists the skill by its folder.`));
    return { loads: true, reasons };
  }
  const name = record.declaredName ?? record.folderName;
  const maxName = profile.maxNameLength.value;
  if (maxName !== undefined && codePointLength(name) > maxName) {
    return { loads: false, reasons: [because('name-length', profile.maxNameLength, `${profile.displayName} refuses a name over ${maxName} characters.`)] };
  }
  if (profile.nameMustMatchFolder.value && name.normalize('NFKC') !== record.folderName.normalize('NFKC')) {
    return { loads: false, reasons: [because('name-mismatch', profile.nameMustMatchFolder, `${profile.displayName} does not load a skill whose name ('${name}') differs from its folder ('${record.folderName}'), and says nothing.`)] };
  }
  const description = record.description?.trim() ?? '';
  if (description === '') {
    if (profile.missingDescription.value === 'refused') return { loads: false, reasons: [because('description-missing', profile.missingDescription, `${profile.displayName} refuses a skill without a description.`)] };
    reasons.push(because('description-missing', profile.missingDescription, `${profile.displayName} uses the body's first line as the description.`));
  }
  const limit = profile.maxDescription.value;
  if (limit && codePointLength(description) > limit.length) {
    if (limit.over === 'refused') return { loads: false, reasons: [because('description-length', profile.maxDescription, `${profile.displayName} refuses a description over ${limit.length} characters.`)] };
    reasons.push(because('description-length', profile.maxDescription, `${profile.displayName} cuts the description at ${limit.length} characters.`));
  }
  return { loads: true, reasons };
}

/** A loaded skill, as the listing sees it. */
interface Listed {
  readonly record: SkillRecord;
  readonly key: string;
  readonly rank: number;
  readonly reasons: VerdictReason[];
  invocation: Invocation;
  listing?: { form: ListingForm; position: number };
}

/** The characters an entry takes in the host's listing: `- key: description` and a newline. */
function entryLength(key: string, description: string): number {
  return codePointLength(key) + codePointLength(description) + 5;
}

/** Fills in the listing form of each offered entry, in the host's order. */
function list(profile: HostProfile, offered: Listed[], context: HostContext): void {
  const rule = profile.listing.value;
  offered.sort((a, b) => compareCodePoints(a.key, b.key));
  const descriptionOf = (entry: Listed) => entry.record.description?.trim() ?? '';
  const fullLengths = offered.map((entry) => entryLength(entry.key, descriptionOf(entry)));
  const set = (entry: Listed, form: ListingForm, position: number, text?: string, cause: VerdictCause = 'listing-budget') => {
    entry.listing = { form, position };
    if (text) entry.reasons.push(because(cause, profile.listing, text));
  };
  if (rule.kind === 'first-n-then-names') {
    offered.forEach((entry, i) => (i < rule.count ? set(entry, 'full', i + 1) : set(entry, 'name-only', i + 1, `${profile.displayName} lists the first ${rule.count} skills in full and only the names of the rest; this one is number ${i + 1}.`)));
    return;
  }
  if (rule.kind === 'full-then-name-only') {
    let spent = 0;
    offered.forEach((entry, i) => {
      const length = Math.min(fullLengths[i], rule.entryCap);
      if (spent + length <= rule.budget) {
        spent += length;
        if (fullLengths[i] > rule.entryCap) set(entry, 'shortened', i + 1, `${profile.displayName} cuts each entry at ${rule.entryCap} characters.`, 'entry-cap');
        else set(entry, 'full', i + 1);
      } else {
        set(entry, 'name-only', i + 1, `${profile.displayName}'s listing budget (${rule.budget} characters) is spent before this skill (number ${i + 1}): only its name is listed.`);
      }
    });
    return;
  }
  // Shortened first, then name-only, then dropped, for the budget of the stated context window.
  const budget = Math.floor((context.contextTokens ?? DEFAULT_CONTEXT_TOKENS) * rule.charactersPerContextToken);
  const total = fullLengths.reduce((sum, length) => sum + length, 0);
  const nameOnly = offered.map((entry) => codePointLength(entry.key) + 3);
  const namesTotal = nameOnly.reduce((sum, length) => sum + length, 0);
  let spent = 0;
  offered.forEach((entry, i) => {
    if (total <= budget) return set(entry, 'full', i + 1);
    if (namesTotal < budget) return set(entry, 'shortened', i + 1, `The ${total} characters of full entries pass ${profile.displayName}'s budget of ${budget} (${rule.charactersPerContextToken} per token of a ${context.contextTokens ?? DEFAULT_CONTEXT_TOKENS}-token context): every description is shortened.`);
    if (spent + nameOnly[i] <= budget) {
      spent += nameOnly[i];
      return set(entry, 'name-only', i + 1, `Even shortened, the listing passes ${profile.displayName}'s budget of ${budget} characters: only names are listed.`);
    }
    set(entry, 'dropped', i + 1, `${profile.displayName}'s budget of ${budget} characters is spent before this skill (number ${i + 1}): it is dropped from the listing.`);
  });
}

/** The verdicts of every skill for one host. */
export function hostVerdicts(host: HostId, records: readonly SkillRecord[], context: HostContext): Map<SkillRecord, HostVerdict> {
  const profile = HOST_PROFILES[host];
  const verdicts = new Map<SkillRecord, HostVerdict>();
  const loaded: Listed[] = [];
  const folders = readFolders(profile, context);
  for (const record of records) {
    const found = find(profile, record, folders);
    if (!found.found) {
      verdicts.set(record, { host, found: false, loads: false, listing: undefined, invocation: 'none', reasons: [found.reason] });
      continue;
    }
    const accepted = accept(profile, record);
    if (!accepted.loads) {
      verdicts.set(record, { host, found: true, loads: false, listing: undefined, invocation: 'none', reasons: accepted.reasons });
      continue;
    }
    const key = profile.key.value === 'folder' || accepted.reasons.some((r) => r.text.includes('by its folder')) ? record.folderName : (record.declaredName ?? record.folderName);
    loaded.push({ record, key, rank: found.rank, reasons: accepted.reasons, invocation: 'model' });
  }
  // Of two skills with one key, the host keeps the one it reads first.
  loaded.sort((a, b) => a.rank - b.rank || compareCodePoints(a.record.filePath, b.record.filePath));
  const kept = new Map<string, Listed>();
  for (const entry of loaded) {
    const first = kept.get(entry.key);
    if (first) {
      verdicts.set(entry.record, { host, found: true, loads: false, listing: undefined, invocation: 'none', reasons: [because('duplicate', profile.key, `${profile.displayName} already loaded '${entry.key}' from ${first.record.dir}; it keeps the first and says nothing.`)] });
      continue;
    }
    kept.set(entry.key, entry);
    if (entry.record.hidden && profile.honoursDisableModelInvocation.value) {
      entry.invocation = 'user';
      entry.reasons.push(because('invocation', profile.honoursDisableModelInvocation, `disable-model-invocation keeps it from ${profile.displayName}'s model; you can still invoke it.`));
    } else if (entry.record.hidden) {
      entry.reasons.push(because('invocation', profile.honoursDisableModelInvocation, `${profile.displayName} ignores disable-model-invocation: its model sees this skill.`));
    }
  }
  const entries = [...kept.values()];
  list(profile, entries.filter((entry) => entry.invocation === 'model'), context);
  for (const entry of entries) {
    verdicts.set(entry.record, { host, found: true, loads: true, listing: entry.listing, invocation: entry.invocation, reasons: entry.reasons });
  }
  return verdicts;
}

/** The hosts, of those given, that read skills placed directly in `folder` (a skill location). */
export function hostsReading(folder: string, hosts: readonly HostId[], context: HostContext): HostId[] {
  return hosts.filter((host) => readFolders(HOST_PROFILES[host], context).some((read) => samePath(read.path, folder)));
}
