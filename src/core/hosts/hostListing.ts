// How each host lists the skills it loaded to its model (docs/hosts.md, "Profiles": `listing`):
// taken in the host's order, under its budget, in full, shortened, by name only or dropped, with
// the reason. The arithmetic of each host is the one observed with the host itself. The entries
// (listedSkill.ts), their order (listingOrder.ts), what the rules count in (listingMeasures.ts)
// and the notes' sentences (listingNote.ts) live beside this pass.
import { codePointLength, utf8ByteLength } from '../base/text';
import type { HostProfile } from './profiles';
import { contextWindowOf } from './contextWindow';
import type { HostContext } from './hostContext';
import { measureOf, type ListedSkill, type ListingForm, type NoteKind } from './listedSkill';
import { claudeCharactersPerToken, displayWidth, entryLength, escapedLength, tokens } from './listingMeasures';

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
