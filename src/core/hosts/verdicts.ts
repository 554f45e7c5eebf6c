// Verdicts per skill and host (docs/hosts.md, "Verdicts"): will the host find the skill, load
// it, list it to its model (in full, shortened, by name only, or not at all), and who can
// invoke it, each with the reason and the profile fact it rests on. Computed from catalog
// records only, with no I/O beyond what the scan already read. A skill's own facts (found,
// loads: hostRules.ts) depend on that skill alone; the listing depends on every skill a host
// loaded, and is one pass over them (hostListing.ts), judged again incrementally (HostJudge).
import { pathKey } from '../base/paths';
import { compareCodePoints } from '../base/text';
import type { SkillRecord } from '../catalog/skillRecord';
import { listSkills } from './hostListing';
import type { ListedSkill, ListingForm } from './listedSkill';
import { listingNote } from './listingNote';
import { listingComparator } from './listingOrder';
import { readFolders, recordFacts, type RecordFacts } from './hostRules';
import { HOST_PROFILES, type HostId, type HostProfile } from './profiles';
import type { HostContext, Invocation } from './hostContext';
import { because, type VerdictReason } from './reasons';

export { hostsReading, type HostReading } from './hostRules';
export type { VerdictCause, VerdictReason } from './reasons';
export type { ListingForm } from './listedSkill';
export type { HostContext, Invocation } from './hostContext';

export interface HostVerdict {
  readonly host: HostId;
  readonly found: boolean;
  readonly loads: boolean;
  /** How the model sees it; undefined when it is not offered to the model at all (not loaded, or user-only). */
  readonly listing: { readonly form: ListingForm; readonly position: number } | undefined;
  readonly invocation: Invocation;
  readonly reasons: readonly VerdictReason[];
}

/** The verdicts of every skill for one host (a fresh judge: see HostJudge to judge again after a change). */
export function hostVerdicts(
  host: HostId,
  records: readonly SkillRecord[],
  context: HostContext,
): Map<SkillRecord, HostVerdict> {
  return new Map(new HostJudge(host, context).judge(records).verdicts);
}

/** How many records may change between two judgements before the judge starts over. */
const MAX_INCREMENTAL_CHANGES = 64;

/** What a judgement leaves for the next one. */
interface Judgement {
  readonly records: Set<SkillRecord>;
  /** The records by path key. */
  readonly byPath: Map<string, SkillRecord>;
  /** Each loaded skill (duplicates too), by record. */
  readonly slots: Map<SkillRecord, ListedSkill>;
  /** The loaded skills the host keeps, in its listing order, offered to the model or not. */
  readonly kept: ListedSkill[];
  /** Those of `kept` offered to the model, in the same order: the listing. */
  readonly offered: ListedSkill[];
  readonly skillDirs: ReadonlySet<string>;
  readonly verdicts: Map<SkillRecord, HostVerdict>;
}

/**
 * The verdicts of every skill for one host and context, judged again as the catalog changes. A
 * record is a new object when its file changes, so the judge tells what changed by identity: when
 * a few files changed in place (same path, same key, found in the same folder), it replaces their
 * entries, runs the listing pass again over figures each entry keeps, and builds new verdicts only
 * for the skills whose listing changed; anything else (a skill added or removed, a new key) is
 * judged from the start. The map it returns is its own, updated in place by the next judgement.
 */
export class HostJudge {
  private readonly profile: HostProfile;
  private readonly folders: { path: string; shown: string }[];
  private readonly projectCount: number;
  private readonly facts = new WeakMap<SkillRecord, RecordFacts>();
  /** The folders whose policy file (Codex's agents/openai.yaml) keeps the skill from this host's model. */
  private readonly policyOff: ReadonlySet<string>;
  private last: Judgement | undefined;

  constructor(
    readonly host: HostId,
    readonly context: HostContext,
  ) {
    this.profile = HOST_PROFILES[host];
    this.folders = readFolders(this.profile, context);
    this.projectCount = context.projectRoots.length * this.profile.projectFolders.value.length;
    this.policyOff = new Set(this.profile.implicitInvocationPolicy.value ? (context.implicitInvocationOff ?? []) : []);
  }

  /** Whether the host keeps this skill from its model: by disable-model-invocation, or by its policy file. */
  private userOnly(record: SkillRecord): 'flag' | 'policy' | undefined {
    if (record.hidden && this.profile.honoursDisableModelInvocation.value) return 'flag';
    if (this.policyOff.size > 0 && this.policyOff.has(pathKey(record.dir))) return 'policy';
    return undefined;
  }

  /**
   * The verdicts of `records` (a list, or a function that lists them, called only when needed),
   * and which records' verdicts are new (undefined: all of them). `changed`, when the caller
   * knows it, is the records at the files that changed since the last judgement, and `size` the
   * catalog's count: with both, nothing is compared over the whole catalog.
   */
  judge(
    records: readonly SkillRecord[] | (() => readonly SkillRecord[]),
    changed?: readonly SkillRecord[],
    size?: number,
  ): { verdicts: ReadonlyMap<SkillRecord, HostVerdict>; changed: ReadonlySet<SkillRecord> | undefined } {
    const list = typeof records === 'function' ? records : () => records;
    const result = this.last && this.judgeChanges(this.last, list, changed, size);
    if (result) return { verdicts: this.last!.verdicts, changed: result };
    this.last = this.judgeAll(list());
    return { verdicts: this.last.verdicts, changed: undefined };
  }

  private factsOf(record: SkillRecord): RecordFacts {
    let facts = this.facts.get(record);
    if (!facts) this.facts.set(record, (facts = recordFacts(this.profile, record, this.folders, this.projectCount)));
    return facts;
  }

  private slotOf(record: SkillRecord, facts: Extract<RecordFacts, { kind: 'loaded' }>): ListedSkill {
    // Every field is set here, so that all entries share one shape: the listing pass reads
    // thousands of them on every change.
    return {
      record,
      key: facts.key,
      declaredName: facts.reading.declaredName,
      description: facts.reading.description,
      rank: facts.rank,
      group: facts.group,
      file: facts.file,
      reasons: facts.reasons,
      invocation: this.userOnly(record) ? 'user' : 'model',
      form: undefined,
      position: undefined,
      note: undefined,
      detail: undefined,
      measure: undefined,
    };
  }

  /** A verdict that owes nothing to the listing: the skill is not found, or not loaded. */
  private unlistedVerdict(facts: RecordFacts, skillDirs: ReadonlySet<string>): HostVerdict | undefined {
    const outer = facts.parents.find((parent) => skillDirs.has(parent));
    const { host, profile } = this;
    if (outer !== undefined)
      return {
        host,
        found: false,
        loads: false,
        listing: undefined,
        invocation: 'none',
        reasons: [
          because(
            'depth',
            profile.stopsAtSkillFolder,
            `${profile.displayName} does not look inside another skill's folder (${outer}).`,
          ),
        ],
      };
    if (facts.kind === 'not-found')
      return { host, found: false, loads: false, listing: undefined, invocation: 'none', reasons: [facts.reason] };
    if (facts.kind === 'refused')
      return { host, found: true, loads: false, listing: undefined, invocation: 'none', reasons: [...facts.reasons] };
    return undefined;
  }

  /** The verdict of a kept skill, after the listing pass. */
  private keptVerdict(slot: ListedSkill): HostVerdict {
    const { host, profile } = this;
    const reasons = [...slot.reasons];
    const policy = profile.implicitInvocationPolicy.value;
    if (policy && this.userOnly(slot.record) === 'policy') {
      reasons.push(
        because(
          'invocation',
          profile.implicitInvocationPolicy,
          `${policy.file} sets ${policy.key.join('.')}: false, which keeps it from ${profile.displayName}'s model; you can still invoke it.`,
        ),
      );
    } else if (slot.record.hidden && profile.honoursDisableModelInvocation.value) {
      reasons.push(
        profile.manualRunOfHidden.value === 'not-loaded'
          ? because(
              'invocation',
              profile.manualRunOfHidden,
              `disable-model-invocation keeps it from ${profile.displayName}'s model, and in VS Code's Agents window a manual /${slot.key} does not load it either (microsoft/vscode#331477): run it from VS Code's chat with the Local harness, or drop the flag.`,
            )
          : because(
              'invocation',
              profile.honoursDisableModelInvocation,
              `disable-model-invocation keeps it from ${profile.displayName}'s model; you can still invoke it.`,
            ),
      );
    } else if (slot.record.hidden) {
      reasons.push(
        because(
          'invocation',
          profile.honoursDisableModelInvocation,
          `${profile.displayName} ignores disable-model-invocation: its model sees this skill.`,
        ),
      );
    }
    const listing =
      slot.invocation === 'model' && slot.form ? { form: slot.form, position: slot.position ?? 0 } : undefined;
    const note = listing && listingNote(profile, this.context, slot);
    if (note) reasons.push(because(note.cause, profile.listing, note.text));
    // Kept from the model by the flag, and not run by hand either: loaded, but invoked by no one.
    const invocation =
      slot.invocation === 'user' &&
      this.userOnly(slot.record) === 'flag' &&
      profile.manualRunOfHidden.value === 'not-loaded'
        ? 'none'
        : slot.invocation;
    return { host, found: true, loads: true, listing, invocation, reasons };
  }

  private judgeAll(records: readonly SkillRecord[]): Judgement {
    const { host, profile } = this;
    const verdicts = new Map<SkillRecord, HostVerdict>();
    const slots = new Map<SkillRecord, ListedSkill>();
    // A host that does not look inside a skill's folder misses the skills nested in it.
    const skillDirs = new Set(profile.stopsAtSkillFolder.value ? records.map((r) => pathKey(r.dir)) : []);
    const loaded: ListedSkill[] = [];
    for (const record of records) {
      const facts = this.factsOf(record);
      const unlisted = this.unlistedVerdict(facts, skillDirs);
      if (unlisted) verdicts.set(record, unlisted);
      else if (facts.kind === 'loaded') loaded.push(this.slotOf(record, facts));
    }
    // Of two skills with one key, the host keeps the one it reads first.
    loaded.sort(
      profile.listingOrder.value === 'user-first-by-folder'
        ? listingComparator(profile)
        : (a, b) => a.rank - b.rank || compareCodePoints(a.record.filePath, b.record.filePath),
    );
    const first = new Map<string, ListedSkill>();
    const kept: ListedSkill[] = [];
    for (const slot of loaded) {
      slots.set(slot.record, slot);
      const winner = profile.duplicates.value === 'first-wins' ? first.get(slot.key) : undefined;
      if (winner) {
        verdicts.set(slot.record, {
          host,
          found: true,
          loads: false,
          listing: undefined,
          invocation: 'none',
          reasons: [
            because(
              'duplicate',
              profile.key,
              `${profile.displayName} already loaded '${slot.key}' from ${winner.record.dir}; it keeps the first and says nothing.`,
            ),
          ],
        });
        continue;
      }
      first.set(slot.key, slot);
      kept.push(slot);
    }
    kept.sort(listingComparator(profile));
    const offered = kept.filter((slot) => slot.invocation === 'model');
    listSkills(profile, offered, this.context);
    for (const slot of kept) verdicts.set(slot.record, this.keptVerdict(slot));
    return {
      records: new Set(records),
      byPath: new Map(records.map((record) => [pathKey(record.filePath), record])),
      slots,
      kept,
      offered,
      skillDirs,
      verdicts,
    };
  }

  /**
   * Judges a few files changed in place; undefined when the change needs a judgement from the
   * start. `known` is the records at the files that changed since, when the caller knows them
   * (from the catalog's change events), and `size` the catalog's count.
   */
  private judgeChanges(
    last: Judgement,
    records: () => readonly SkillRecord[],
    known?: readonly SkillRecord[],
    size?: number,
  ): Set<SkillRecord> | undefined {
    if ((size ?? records().length) !== last.records.size) return undefined;
    // The records at the changed files that are new to this judge (an unchanged one is skipped).
    const added = known
      ? known.filter((record) => !last.records.has(record))
      : records().filter((record) => !last.records.has(record));
    if (added.length > MAX_INCREMENTAL_CHANGES) return undefined;
    if (added.length === 0) return new Set();
    // Each new record replaces the old one at its path. The counts are equal and a catalog holds
    // one record a path, so those old ones are exactly the records that are gone.
    const replaced: [SkillRecord, SkillRecord][] = [];
    const gone = new Set<SkillRecord>();
    for (const record of added) {
      const old = last.byPath.get(pathKey(record.filePath));
      if (!old || gone.has(old)) return undefined;
      gone.add(old);
      replaced.push([old, record]);
    }
    const changed = new Set<SkillRecord>();
    let relist = false;
    for (const [old, record] of replaced) {
      const before = this.factsOf(old);
      const after = this.factsOf(record);
      const slot = last.slots.get(old);
      if (before.kind !== 'loaded' && after.kind !== 'loaded') continue;
      if (before.kind !== 'loaded' || after.kind !== 'loaded' || !slot) return undefined;
      if (
        before.key !== after.key ||
        before.rank !== after.rank ||
        before.group !== after.group ||
        old.hidden !== record.hidden ||
        old.folderName !== record.folderName
      )
        return undefined;
      relist ||= last.kept.includes(slot);
    }
    // Every replacement keeps its place: swap the records in.
    for (const [old, record] of replaced) {
      last.records.delete(old);
      last.records.add(record);
      last.byPath.set(pathKey(record.filePath), record);
      const oldSlot = last.slots.get(old);
      last.slots.delete(old);
      last.verdicts.delete(old);
      changed.add(record);
      const facts = this.factsOf(record);
      if (!oldSlot || facts.kind !== 'loaded') {
        last.verdicts.set(record, this.unlistedVerdict(facts, last.skillDirs)!);
        continue;
      }
      const slot = this.slotOf(record, facts);
      last.slots.set(record, slot);
      const at = last.kept.indexOf(oldSlot);
      if (at < 0) {
        // A duplicate that still loses: its verdict names the winner, which did not change.
        const winner = last.kept.find((k) => k.key === slot.key)!;
        last.verdicts.set(record, {
          host: this.host,
          found: true,
          loads: false,
          listing: undefined,
          invocation: 'none',
          reasons: [
            because(
              'duplicate',
              this.profile.key,
              `${this.profile.displayName} already loaded '${slot.key}' from ${winner.record.dir}; it keeps the first and says nothing.`,
            ),
          ],
        });
        continue;
      }
      last.kept[at] = slot;
      // Not offered to the model (user-only): nothing in the listing pass changes its verdict.
      if (slot.invocation !== 'model') last.verdicts.set(record, this.keptVerdict(slot));
      else last.offered[last.offered.indexOf(oldSlot)] = slot;
    }
    if (!relist) return changed;
    // A verdict is built again only where the listing changed (its form, place, or figure), and
    // for the replaced skills themselves.
    const moved = listSkills(this.profile, last.offered, this.context);
    for (const slot of moved) changed.add(slot.record);
    for (const record of changed) {
      const slot = last.slots.get(record);
      if (slot?.invocation === 'model' && slot.form) last.verdicts.set(record, this.keptVerdict(slot));
    }
    return changed;
  }
}
