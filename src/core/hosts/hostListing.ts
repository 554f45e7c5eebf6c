// How each host lists the skills it loaded to its model (docs/hosts.md, "Profiles": `listing`,
// `listingOrder`): in its order, under its budget, in full, shortened, by name only or dropped,
// with the reason. The arithmetic of each host is the one observed with the host itself.
import { codePointLength, compareCodePoints, utf8ByteLength } from '../base/text';
import type { SkillRecord } from '../catalog/skillRecord';
import type { HostProfile, ListingRule } from './profiles';
import { contextWindowOf, contextWindowText } from './contextWindow';
import type { VerdictCause, VerdictReason } from './reasons';
import type { HostContext, Invocation } from './hostContext';

export type ListingForm = 'full' | 'shortened' | 'name-only' | 'dropped';

/** A loaded skill, as the listing sees it. Kept between judgements of the same host (verdicts.ts). */
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
  /** The reasons that owe nothing to the listing (where it was found, what the host changed). */
  readonly reasons: readonly VerdictReason[];
  invocation: Invocation;
  /** Set by the listing pass (for the entries offered to the model). */
  form?: ListingForm;
  position?: number;
  /** Why the listing is not in full (listingNote writes it out), and the figure it names. */
  note?: NoteKind;
  detail?: number;
  /** What the listing pass needs of this entry, computed once (per host). */
  measure?: EntryMeasure;
}

/** Why an entry is not listed in full: listingNote writes the sentence when a verdict needs it. */
export type NoteKind =
  | 'xml-names'
  | 'xml-names-line'
  | 'claude-cap'
  | 'claude-names'
  | 'cap-each-entry'
  | 'budget-names'
  | 'codex-cap'
  | 'codex-nothing-left'
  | 'codex-some-left'
  | 'codex-names'
  | 'codex-dropped';

/** The per-entry figures each listing rule needs: they depend on the entry alone. */
interface EntryMeasure {
  /** The description as listed: trimmed, white space folded. */
  readonly description: string;
  /** Copilot: the entry's characters. */
  xml?: number;
  /** VS Code: the characters of `- key: description` and its newline. */
  entry?: number;
  /** Claude Code: the display widths of `- label` and `- label: description`, and whether the description is cut. */
  claude?: { readonly nameOnly: number; readonly full: number; readonly cut: boolean };
  /** Codex: the description as listed (capped), the full line's tokens, and the name-only line's bytes. */
  codex?: { readonly shown: string; readonly fullTokens: number; readonly nameOnlyBytes: number };
}

const measureOf = (entry: ListedSkill): EntryMeasure =>
  (entry.measure ??= {
    description: entry.description?.trim().replace(/\s+/g, ' ') ?? '',
    xml: undefined,
    entry: undefined,
    claude: undefined,
    codex: undefined,
  });

/** The characters an entry `- key: description` and its newline take. */
function entryLength(key: string, description: string): number {
  return codePointLength(key) + codePointLength(description) + 5;
}

/** The tokens a line and its newline cost where a token is `bytesPerToken` UTF-8 bytes, rounded up. */
function tokens(line: string, bytesPerToken: number): number {
  return Math.ceil((utf8ByteLength(line) + 1) / bytesPerToken);
}

/** Claude Code's characters a token for a window: the older models' below their window (ListingRule). */
function claudeCharactersPerToken(rule: Extract<ListingRule, { kind: 'upgrade-names-in-order' }>, window: number) {
  return window < rule.olderModels.belowTokens ? rule.olderModels.charactersPerToken : rule.charactersPerToken;
}

/** The order of a host's listing (and of its reading, for duplicates). */
export function listingComparator(profile: HostProfile): (a: ListedSkill, b: ListedSkill) => number {
  const byName = (a: ListedSkill, b: ListedSkill) =>
    compareCodePoints(a.key, b.key) || compareCodePoints(a.record.filePath, b.record.filePath);
  switch (profile.listingOrder.value) {
    case 'group-then-name':
      return (a, b) => a.group - b.group || byName(a, b);
    case 'user-first-by-folder':
      // User folders (group > 0) before project ones (group 0).
      return (a, b) =>
        Number(a.group === 0) - Number(b.group === 0) ||
        a.group - b.group ||
        compareCodePoints(a.record.folderName.toLowerCase(), b.record.folderName.toLowerCase()) ||
        byName(a, b);
    case 'folder-then-path':
      return (a, b) => a.rank - b.rank || comparePathSegments(a.file, b.file) || byName(a, b);
    default:
      return byName;
  }
}

/** Paths compared folder by folder, as a walk that sorts each folder's entries meets them. */
function comparePathSegments(a: string, b: string): number {
  const as = a.split(/[\\/]/);
  const bs = b.split(/[\\/]/);
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const order = compareCodePoints(as[i], bs[i]);
    if (order) return order;
  }
  return as.length - bs.length;
}

/**
 * Width as a terminal shows it, which is how Claude Code counts its budget: wide East Asian
 * characters and emoji count two, combining marks and control characters none.
 */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Printable ASCII and Latin-1 (no combining marks below U+0300): one column, without the tests below.
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code < 0x300)) {
      width++;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || /\p{M}/u.test(char) || (code >= 0x200b && code <= 0x200f))
      continue;
    const wide =
      (/\p{Extended_Pictographic}/u.test(char) && code > 0xff) ||
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/**
 * Fills in the listing form of each offered entry, which must be in the host's order
 * (listingComparator). One pass over figures each entry keeps (EntryMeasure), so that judging
 * again after one change costs little; the reasons' texts are written only when asked for.
 * Returns the entries whose form, position or figure changed.
 */
export function listSkills(profile: HostProfile, offered: readonly ListedSkill[], context: HostContext): ListedSkill[] {
  const rule = profile.listing.value;
  // The entries whose listing differs from the last pass: most keep theirs from one pass to the next.
  const moved: ListedSkill[] = [];
  const set = (entry: ListedSkill, form: ListingForm, position: number, note?: NoteKind, detail = 0) => {
    if (entry.form === form && entry.position === position && entry.note === note && entry.detail === detail) return;
    entry.form = form;
    entry.position = position;
    entry.note = note;
    entry.detail = detail;
    moved.push(entry);
  };
  if (rule.kind === 'xml-chars-then-names') {
    // A plain loop: this pass runs again on every change, over every entry (thousands).
    let spent = 0;
    let overflowed = false;
    const prefix = 'Additional skills available (invoke by name): '.length;
    let namesLine = prefix;
    let namesFull = false;
    for (let i = 0; i < offered.length; i++) {
      const entry = offered[i];
      const measure = entry.measure ?? measureOf(entry);
      const length = (measure.xml ??=
        rule.overhead +
        entry.key.length +
        escapedLength(measure.description) +
        (entry.group === 0 ? 'project' : 'user').length);
      if (!overflowed && spent + length <= rule.budget) {
        spent += length;
        set(entry, 'full', i + 1);
        continue;
      }
      overflowed = true;
      const named = namesLine + (namesLine > prefix ? ', '.length : 0) + entry.key.length;
      namesFull ||= named > rule.namesLineBudget;
      if (!namesFull) {
        namesLine = named;
        set(entry, 'name-only', i + 1, 'xml-names');
      } else set(entry, 'dropped', i + 1, 'xml-names-line');
    }
    return moved;
  }
  if (rule.kind === 'upgrade-names-in-order') {
    const window = contextWindowOf(profile, context).tokens;
    const budget = Math.floor(window * claudeCharactersPerToken(rule, window) * rule.shareOfContext);
    const capped = (text: string) =>
      codePointLength(text) > rule.descriptionCap ? `${[...text].slice(0, rule.descriptionCap - 1).join('')}…` : text;
    const label = (entry: ListedSkill) =>
      entry.declaredName && entry.declaredName !== entry.key ? `${entry.key} (${entry.declaredName})` : entry.key;
    const widthOf = (entry: ListedSkill) => {
      const measure = entry.measure ?? measureOf(entry);
      if (!measure.claude) {
        const shown = capped(measure.description);
        measure.claude = {
          nameOnly: displayWidth(`- ${label(entry)}`),
          full: displayWidth(`- ${label(entry)}: ${shown}`),
          cut: shown !== measure.description,
        };
      }
      return measure.claude;
    };
    // The trailing builtins come after ours: they take their names' room, and are upgraded last.
    const trailing = rule.trailingBuiltins;
    const newlines = offered.length + rule.builtins.count + trailing.length - 1;
    let total = rule.builtins.characters + newlines;
    let names = rule.builtins.characters + newlines;
    for (const builtin of trailing) {
      total += builtin.name.length + 4 + builtin.descriptionWidth;
      names += builtin.name.length + 2;
    }
    for (let i = 0; i < offered.length; i++) {
      const width = widthOf(offered[i]);
      total += width.full;
      names += width.nameOnly;
    }
    let remaining = budget - names;
    for (let i = 0; i < offered.length; i++) {
      const entry = offered[i];
      const width = entry.measure!.claude!;
      let whole = total <= budget;
      if (!whole && width.full - width.nameOnly <= remaining) {
        remaining -= width.full - width.nameOnly;
        whole = true;
      }
      if (!whole) set(entry, 'name-only', i + 1, 'claude-names');
      else if (width.cut) set(entry, 'shortened', i + 1, 'claude-cap');
      else set(entry, 'full', i + 1);
    }
    return moved;
  }
  if (rule.kind === 'full-then-name-only') {
    let spent = 0;
    for (let i = 0; i < offered.length; i++) {
      const entry = offered[i];
      const measure = entry.measure ?? measureOf(entry);
      const full = (measure.entry ??= entryLength(entry.key, measure.description));
      const length = Math.min(full, rule.entryCap);
      if (spent + length <= rule.budget) {
        spent += length;
        if (full > rule.entryCap) set(entry, 'shortened', i + 1, 'cap-each-entry');
        else set(entry, 'full', i + 1);
      } else {
        set(entry, 'name-only', i + 1, 'budget-names');
      }
    }
    return moved;
  }
  // A token budget: full, else descriptions shortened round robin, else names only and the rest dropped.
  if (rule.kind !== 'token-budget') return moved;
  const window = contextWindowOf(profile, context).tokens;
  const budget = Math.max(1, Math.floor(window * rule.shareOfContext));
  const capped = (text: string) =>
    codePointLength(text) > rule.descriptionCap ? `${[...text].slice(0, rule.descriptionCap - 3).join('')}...` : text;
  const line = (name: string, file: string, description: string) =>
    `- ${name}: ${description}${description ? ' ' : ''}(file: ${file})`;
  const codexMeasure = (name: string, file: string, shown: string) => ({
    shown,
    fullTokens: tokens(line(name, file, shown), rule.bytesPerToken),
    nameOnlyBytes: utf8ByteLength(line(name, file, '')) + 1,
  });
  // Its own skills first (path `r0/name/SKILL.md`), then ours (`r1/<path below the folder>`).
  const fixed = rule.fixedEntries.map((e) =>
    codexMeasure(e.name, `r0/${e.name}/SKILL.md`, 'x'.repeat(e.descriptionLength)),
  );
  const ours = offered.map((entry) => {
    const measure = measureOf(entry);
    return (measure.codex ??= codexMeasure(entry.key, `r1/${entry.file}`, capped(measure.description)));
  });
  const items = [...fixed, ...ours];
  const fixedCount = fixed.length;
  let fullCost = 0;
  for (const item of items) fullCost += item.fullTokens;
  if (fullCost <= budget) {
    offered.forEach((entry, i) => {
      if (ours[i].shown !== measureOf(entry).description) set(entry, 'shortened', i + 1, 'codex-cap');
      else set(entry, 'full', i + 1);
    });
    return moved;
  }
  const nameOnlyCost = items.map((item) => Math.ceil(item.nameOnlyBytes / rule.bytesPerToken));
  let minCost = 0;
  for (const cost of nameOnlyCost) minCost += cost;
  if (minCost <= budget) {
    // Round robin, one character at a time, as long as the tokens it adds still fit.
    let remaining = budget - minCost;
    const chars = items.map((item) => [...item.shown]);
    const kept = items.map(() => 0);
    const keptBytes = items.map(() => 0);
    const extra = items.map(() => 0);
    for (let changed = true; changed;) {
      changed = false;
      for (let i = 0; i < items.length; i++) {
        if (kept[i] >= chars[i].length) continue;
        const bytes = keptBytes[i] + utf8ByteLength(chars[i][kept[i]]);
        const next = Math.ceil((items[i].nameOnlyBytes + bytes + 1) / rule.bytesPerToken) - nameOnlyCost[i];
        const delta = Math.max(0, next - extra[i]);
        if (delta > remaining) continue;
        kept[i]++;
        keptBytes[i] = bytes;
        extra[i] = next;
        remaining -= delta;
        changed = true;
      }
    }
    offered.forEach((entry, i) => {
      const k = kept[fixedCount + i];
      const shown = chars[fixedCount + i].length;
      if (k === shown && ours[i].shown === measureOf(entry).description) set(entry, 'full', i + 1);
      else if (k === 0) set(entry, 'name-only', i + 1, 'codex-nothing-left');
      else set(entry, 'shortened', i + 1, 'codex-some-left', k);
    });
    return moved;
  }
  let spent = 0;
  for (let i = 0; i < fixedCount; i++) spent += nameOnlyCost[i];
  offered.forEach((entry, i) => {
    const price = nameOnlyCost[fixedCount + i];
    if (spent + price <= budget) {
      spent += price;
      return set(entry, 'name-only', i + 1, 'codex-names');
    }
    set(entry, 'dropped', i + 1, 'codex-dropped');
  });
  return moved;
}

/** The sentence of an entry's listing note, and what it is about; undefined for an entry in full. */
export function listingNote(
  profile: HostProfile,
  context: HostContext,
  entry: ListedSkill,
): { cause: VerdictCause; text: string } | undefined {
  const rule = profile.listing.value;
  const n = entry.position ?? 0;
  const contextWindow = contextWindowOf(profile, context);
  const window = contextWindow.tokens;
  const ofWindow = contextWindowText(profile, contextWindow);
  const name = profile.displayName;
  const budget = (cause: VerdictCause, text: string) => ({ cause, text });
  switch (entry.note) {
    case undefined:
      return undefined;
    case 'xml-names':
      return rule.kind === 'xml-chars-then-names'
        ? budget(
            'listing-budget',
            `${name} lists skills in full while they fit in ${rule.budget} characters; from the first that does not, it lists only names, and this one is number ${n}.`,
          )
        : undefined;
    case 'xml-names-line':
      return rule.kind === 'xml-chars-then-names'
        ? budget(
            'listing-budget',
            `${name}'s line of names stops at ${rule.namesLineBudget} characters ("... and N more"): this skill (number ${n}) is not named to the model at all.`,
          )
        : undefined;
    case 'claude-cap':
    case 'claude-names': {
      if (rule.kind !== 'upgrade-names-in-order') return undefined;
      if (entry.note === 'claude-cap')
        return budget('entry-cap', `${name} cuts a description over ${rule.descriptionCap} characters in its listing.`);
      const perToken = claudeCharactersPerToken(rule, window);
      const chars = Math.floor(window * perToken * rule.shareOfContext);
      return budget(
        'listing-budget',
        `The listing passes ${name}'s listing budget of ${chars} characters (${rule.shareOfContext} of ${ofWindow} at ${perToken} characters a token, its own ${rule.builtins.count} skills taking ${rule.builtins.characters}): skills are listed in full in their order while the rest allows, and this one (number ${n}) is listed by name only.`,
      );
    }
    case 'cap-each-entry':
      return rule.kind === 'full-then-name-only'
        ? budget('entry-cap', `${name} cuts each entry at ${rule.entryCap} characters.`)
        : undefined;
    case 'budget-names':
      return rule.kind === 'full-then-name-only'
        ? budget(
            'listing-budget',
            `${name}'s listing budget (${rule.budget} characters) is spent before this skill (number ${n}): only its name is listed.`,
          )
        : undefined;
    default: {
      if (rule.kind !== 'token-budget') return undefined;
      const tokens = Math.max(1, Math.floor(window * rule.shareOfContext));
      const about = `${name}'s budget of ${tokens} tokens (${rule.shareOfContext} of ${ofWindow})`;
      const shown = entry.measure?.codex ? codePointLength(entry.measure.codex.shown) : 0;
      switch (entry.note) {
        case 'codex-cap':
          return budget(
            'description-length',
            `${name} cuts a description over ${rule.descriptionCap} characters in its listing.`,
          );
        case 'codex-nothing-left':
          return budget(
            'listing-budget',
            `The full listing passes ${about}: the descriptions are cut round robin, without a warning, and nothing of this one is left.`,
          );
        case 'codex-some-left':
          return budget(
            'listing-budget',
            `The full listing passes ${about}: the descriptions are cut round robin, without a warning; ${entry.detail} of this one's ${shown} characters are left.`,
          );
        case 'codex-names':
          return budget(
            'listing-budget',
            `Even with every description removed, the listing passes ${about}: skills are listed by name only.`,
          );
        default:
          return budget(
            'listing-budget',
            `${about} is spent before this skill (number ${n}): it is dropped from the listing ("Exceeded skills context budget").`,
          );
      }
    }
  }
}

/** The length of a text with `<>&"'` escaped as XML entities. */
function escapedLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '&' || c === '<' || c === '>') length += c === '&' ? 4 : 3;
    else if (c === '"' || c === "'") length += 5;
  }
  return length;
}
