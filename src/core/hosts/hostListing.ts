// How each host lists the skills it loaded to its model (docs/hosts.md, "Profiles": `listing`,
// `listingOrder`): in its order, under its budget, in full, shortened, by name only or dropped,
// with the reason. The arithmetic of each host is the one observed with the host itself.
import { codePointLength, compareCodePoints } from '../base/text';
import type { SkillRecord } from '../catalog/skillRecord';
import { DEFAULT_CONTEXT_TOKENS, type HostProfile } from './profiles';
import { because, type VerdictCause, type VerdictReason } from './reasons';
import type { HostContext, Invocation } from './verdicts';

export type ListingForm = 'full' | 'shortened' | 'name-only' | 'dropped';

/** A loaded skill, as the listing sees it. */
export interface ListedSkill {
  readonly record: SkillRecord;
  readonly key: string;
  /** The name and description as the host read them (HostReading). */
  readonly declaredName: string | undefined;
  readonly description: string | undefined;
  readonly rank: number;
  /** 0 for project folders, then 1 + the index of the user folder: the host's listing groups. */
  readonly group: number;
  /** The skill file's path below the folder the host found it in. */
  readonly file: string;
  readonly reasons: VerdictReason[];
  invocation: Invocation;
  listing?: { form: ListingForm; position: number };
}

/** The characters an entry `- key: description` and its newline take. */
function entryLength(key: string, description: string): number {
  return codePointLength(key) + codePointLength(description) + 5;
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
const utf8 = new TextEncoder();

/** The tokens a line and its newline cost where a token is `bytesPerToken` UTF-8 bytes, rounded up. */
function tokens(line: string, bytesPerToken: number): number {
  return Math.ceil(utf8.encode(`${line}\n`).length / bytesPerToken);
}

/** The order of a host's listing (and of its reading, for duplicates). */
export function listingComparator(profile: HostProfile): (a: ListedSkill, b: ListedSkill) => number {
  const byName = (a: ListedSkill, b: ListedSkill) => compareCodePoints(a.key, b.key) || compareCodePoints(a.record.filePath, b.record.filePath);
  switch (profile.listingOrder.value) {
    case 'group-then-name':
      return (a, b) => a.group - b.group || byName(a, b);
    case 'user-first-by-folder':
      // User folders (group > 0) before project ones (group 0).
      return (a, b) => Number(a.group === 0) - Number(b.group === 0) || a.group - b.group || compareCodePoints(a.record.folderName.toLowerCase(), b.record.folderName.toLowerCase()) || byName(a, b);
    default:
      return byName;
  }
}

/**
 * Width as a terminal shows it, which is how Claude Code counts its budget: wide East Asian
 * characters and emoji count two, combining marks and control characters none.
 */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || /\p{M}/u.test(char) || (code >= 0x200b && code <= 0x200f)) continue;
    const wide = (/\p{Extended_Pictographic}/u.test(char) && code > 0xff) || (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/** Fills in the listing form of each offered entry, in the host's order. */
export function listSkills(profile: HostProfile, offered: ListedSkill[], context: HostContext): void {
  const rule = profile.listing.value;
  offered.sort(listingComparator(profile));
  const descriptionOf = (entry: ListedSkill) => entry.description?.trim().replace(/\s+/g, ' ') ?? '';
  const set = (entry: ListedSkill, form: ListingForm, position: number, text?: string, cause: VerdictCause = 'listing-budget') => {
    entry.listing = { form, position };
    if (text) entry.reasons.push(because(cause, profile.listing, text));
  };
  if (rule.kind === 'xml-chars-then-names') {
    let spent = 0;
    let overflowed = false;
    const prefix = 'Additional skills available (invoke by name): '.length;
    let namesLine = prefix;
    let namesFull = false;
    offered.forEach((entry, i) => {
      const escaped = descriptionOf(entry).replace(/[<>&"']/g, (c) => XML_ESCAPES[c]);
      const length = rule.overhead + entry.key.length + escaped.length + (entry.group === 0 ? 'project' : 'user').length;
      overflowed ||= spent + length > rule.budget;
      if (!overflowed) {
        spent += length;
        return set(entry, 'full', i + 1);
      }
      const named = namesLine + (namesLine > prefix ? ', '.length : 0) + entry.key.length;
      namesFull ||= named > rule.namesLineBudget;
      if (!namesFull) {
        namesLine = named;
        return set(entry, 'name-only', i + 1, `${profile.displayName} lists skills in full while they fit in ${rule.budget} characters; from the first that does not, it lists only names, and this one is number ${i + 1}.`);
      }
      set(entry, 'dropped', i + 1, `${profile.displayName}'s line of names stops at ${rule.namesLineBudget} characters ("... and N more"): this skill (number ${i + 1}) is not named to the model at all.`);
    });
    return;
  }
  if (rule.kind === 'upgrade-names-in-order') {
    const window = context.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    const budget = Math.floor(window * rule.charactersPerToken * rule.shareOfContext);
    const capped = (text: string) => ([...text].length > rule.descriptionCap ? `${[...text].slice(0, rule.descriptionCap - 1).join('')}…` : text);
    const label = (entry: ListedSkill) => (entry.declaredName && entry.declaredName !== entry.key ? `${entry.key} (${entry.declaredName})` : entry.key);
    const nameOnly = offered.map((entry) => displayWidth(`- ${label(entry)}`));
    const full = offered.map((entry) => displayWidth(`- ${label(entry)}: ${capped(descriptionOf(entry))}`));
    const newlines = offered.length + rule.builtins.count - 1;
    const about = `${profile.displayName}'s listing budget of ${budget} characters (${rule.shareOfContext} of a ${window}-token context at ${rule.charactersPerToken} characters a token, its own ${rule.builtins.count} skills taking about ${rule.builtins.characters})`;
    const total = rule.builtins.characters + full.reduce((sum, width) => sum + width, 0) + newlines;
    let remaining = budget - (rule.builtins.characters + nameOnly.reduce((sum, width) => sum + width, 0) + newlines);
    offered.forEach((entry, i) => {
      const wasCut = capped(descriptionOf(entry)) !== descriptionOf(entry);
      const whole = () => (wasCut ? set(entry, 'shortened', i + 1, `${profile.displayName} cuts a description over ${rule.descriptionCap} characters in its listing.`, 'entry-cap') : set(entry, 'full', i + 1));
      if (total <= budget) return whole();
      const upgrade = full[i] - nameOnly[i];
      if (upgrade <= remaining) {
        remaining -= upgrade;
        return whole();
      }
      set(entry, 'name-only', i + 1, `The listing passes ${about}: skills are listed in full in their order while the rest allows, and this one (number ${i + 1}) is listed by name only.`);
    });
    return;
  }
  if (rule.kind === 'full-then-name-only') {
    let spent = 0;
    offered.forEach((entry, i) => {
      const full = entryLength(entry.key, descriptionOf(entry));
      const length = Math.min(full, rule.entryCap);
      if (spent + length <= rule.budget) {
        spent += length;
        if (full > rule.entryCap) set(entry, 'shortened', i + 1, `${profile.displayName} cuts each entry at ${rule.entryCap} characters.`, 'entry-cap');
        else set(entry, 'full', i + 1);
      } else {
        set(entry, 'name-only', i + 1, `${profile.displayName}'s listing budget (${rule.budget} characters) is spent before this skill (number ${i + 1}): only its name is listed.`);
      }
    });
    return;
  }
  // A token budget: full, else descriptions shortened round robin, else names only and the rest dropped.
  if (rule.kind !== 'token-budget') return;
  const window = context.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const budget = Math.max(1, Math.floor(window * rule.shareOfContext));
  const about = `${profile.displayName}'s budget of ${budget} tokens (${rule.shareOfContext} of a ${window}-token context)`;
  const capped = (text: string) => ([...text].length > rule.descriptionCap ? `${[...text].slice(0, rule.descriptionCap - 3).join('')}...` : text);
  // Its own skills first (path `r0/name/SKILL.md`), then ours (`r1/<path below the folder>`).
  const items = [
    ...rule.fixedEntries.map((e) => ({ name: e.name, description: 'x'.repeat(e.descriptionLength), file: `r0/${e.name}/SKILL.md` })),
    ...offered.map((entry) => ({ name: entry.key, description: capped(descriptionOf(entry)), file: `r1/${entry.file}` })),
  ];
  const line = (item: { name: string; file: string }, description: string) => `- ${item.name}: ${description}${description ? ' ' : ''}(file: ${item.file})`;
  const bytes = (text: string) => utf8.encode(text).length;
  const fullCost = items.reduce((sum, item) => sum + tokens(line(item, item.description), rule.bytesPerToken), 0);
  const nameOnlyBytes = items.map((item) => bytes(line(item, '')) + 1);
  const nameOnlyCost = nameOnlyBytes.map((b) => Math.ceil(b / rule.bytesPerToken));
  const fixedCount = rule.fixedEntries.length;
  if (fullCost <= budget) {
    offered.forEach((entry, i) => {
      if (items[fixedCount + i].description !== descriptionOf(entry)) set(entry, 'shortened', i + 1, `${profile.displayName} cuts a description over ${rule.descriptionCap} characters in its listing.`, 'description-length');
      else set(entry, 'full', i + 1);
    });
    return;
  }
  const minCost = nameOnlyCost.reduce((sum, cost) => sum + cost, 0);
  if (minCost <= budget) {
    // Round robin, one character at a time, as long as the tokens it adds still fit.
    let remaining = budget - minCost;
    const chars = items.map((item) => [...item.description]);
    // The UTF-8 bytes of each description's first n characters, n = 0..length.
    const prefixBytes = chars.map((list) => list.reduce((acc, char) => (acc.push(acc[acc.length - 1] + bytes(char)), acc), [0]));
    const kept = items.map(() => 0);
    const extra = items.map(() => 0);
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = 0; i < items.length; i++) {
        if (kept[i] >= chars[i].length) continue;
        const next = Math.ceil((nameOnlyBytes[i] + prefixBytes[i][kept[i] + 1] + 1) / rule.bytesPerToken) - nameOnlyCost[i];
        const delta = Math.max(0, next - extra[i]);
        if (delta > remaining) continue;
        kept[i]++;
        extra[i] = next;
        remaining -= delta;
        changed = true;
      }
    }
    offered.forEach((entry, i) => {
      const k = kept[fixedCount + i];
      const shown = chars[fixedCount + i].length;
      if (k === shown && items[fixedCount + i].description === descriptionOf(entry)) set(entry, 'full', i + 1);
      else if (k === 0) set(entry, 'name-only', i + 1, `The full listing passes ${about}: the descriptions are cut round robin, without a warning, and nothing of this one is left.`);
      else set(entry, 'shortened', i + 1, `The full listing passes ${about}: the descriptions are cut round robin, without a warning; ${k} of this one's ${shown} characters are left.`);
    });
    return;
  }
  let spent = nameOnlyCost.slice(0, fixedCount).reduce((sum, cost) => sum + cost, 0);
  offered.forEach((entry, i) => {
    const price = nameOnlyCost[fixedCount + i];
    if (spent + price <= budget) {
      spent += price;
      return set(entry, 'name-only', i + 1, `Even with every description removed, the listing passes ${about}: skills are listed by name only.`);
    }
    set(entry, 'dropped', i + 1, `${about} is spent before this skill (number ${i + 1}): it is dropped from the listing ("Exceeded skills context budget").`);
  });
}

