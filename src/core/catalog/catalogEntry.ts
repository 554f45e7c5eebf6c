// What the catalog says about one skill file: its entry (record, problems, display status)
// and its standing, the facts the access policy decides on. Apart from the catalog so that
// readers of entries need not read the catalog's bookkeeping.
import type { Problem } from '../base/types';
import type { LocationScope } from './locations';
import type { SkillRecord } from './skillRecord';

/**
 * Why a skill is, or is not, offered, for display. It is not an access decision: a skill
 * with errors in an untrusted workspace shows 'errors' (fixing it comes first), while the
 * policy refuses it for being untrusted.
 */
export type OfferStatus = 'offered' | 'errors' | 'hidden' | 'shadowed' | 'untrusted';

/** The facts the access policy decides on, for one skill file. */
export interface SkillStanding {
  readonly name: string;
  readonly scope: LocationScope;
  readonly hasErrors: boolean;
  readonly hidden: boolean;
  /** Another file wins this name (docs/precedence-and-access.md). */
  readonly shadowed: boolean;
  /** The workspace is trusted (user-level skills do not depend on it). */
  readonly workspaceTrusted: boolean;
}

export interface CatalogEntry {
  readonly record: SkillRecord;
  /** The file's problems plus catalog-level ones (duplicate-name). */
  readonly problems: readonly Problem[];
  readonly status: OfferStatus;
  /** What the access policy needs to decide about this skill. */
  readonly standing: SkillStanding;
  /** The record that wins this name, when this one is shadowed. */
  readonly shadowedBy?: SkillRecord;
}

/** Which files' entries may have changed: their problems, status or presence. */
export interface CatalogChange {
  readonly files: readonly string[];
}

export interface Disposable {
  dispose(): void;
}
