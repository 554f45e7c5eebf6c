// Why a host lists a skill shortened, by name only or not at all: the sentence of each note the
// listing pass (hostListing.ts) leaves on an entry, written only when a verdict asks for it.
import { codePointLength } from '../base/text';
import type { HostProfile } from './profiles';
import { contextWindowOf, contextWindowText } from './contextWindow';
import type { VerdictCause } from './reasons';
import type { HostContext } from './hostContext';
import type { ListedSkill } from './listedSkill';
import { claudeCharactersPerToken } from './listingMeasures';

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
