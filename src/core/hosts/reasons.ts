// The reasons of the host verdicts (docs/hosts.md): one sentence each, what it is about (what a fix
// would have to change), and the profile fact it rests on, with the date that fact was checked.
import type { Fact } from './profiles';

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

/** A reason resting on `fact`. */
export const because = <T>(cause: VerdictCause, fact: Fact<T>, text: string): VerdictReason => ({
  cause,
  text,
  source: `${fact.source} (checked ${fact.checked})`,
});
