// A loaded skill as a host's listing sees it (hostListing.ts), and what the listing pass keeps of
// it between judgements: its form, position and note, and the figures each listing rule measures.
import type { SkillRecord } from '../catalog/skillRecord';
import type { VerdictReason } from './reasons';
import type { Invocation } from './hostContext';

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
export interface EntryMeasure {
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

/** The entry's measures, made on first use. */
export const measureOf = (entry: ListedSkill): EntryMeasure =>
  (entry.measure ??= {
    description: entry.description?.trim().replace(/\s+/g, ' ') ?? '',
    xml: undefined,
    entry: undefined,
    claude: undefined,
    codex: undefined,
  });
