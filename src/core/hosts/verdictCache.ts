// The verdicts of the whole catalog for the hosts a user cares about, computed once per catalog
// revision and settings, and shared by everyone who shows them (the diagnostics, the Skills
// view, Show Listing): a chat turn or a redraw never recomputes them.
import type { SkillCatalog } from '../catalog/catalog';
import type { SkillRecord } from '../catalog/skillRecord';
import type { HostId } from './profiles';
import { mergedVerdicts } from './linkedVerdicts';
import { HostJudge, type HostContext, type HostVerdict } from './verdicts';

export interface CatalogVerdicts {
  readonly hosts: readonly HostId[];
  /** Where the hosts look, as the verdicts were computed for. */
  readonly context: HostContext;
  /** The verdicts of a record, by host. */
  of(record: SkillRecord): ReadonlyMap<HostId, HostVerdict> | undefined;
  /**
   * The records whose verdicts may differ from those of `previous`, an earlier answer to the
   * same question (for a consumer that updates only what changed); undefined when everything
   * may have, or when `previous` is not such an answer or too old to tell.
   */
  changedSince(previous: CatalogVerdicts | undefined): ReadonlySet<SkillRecord> | undefined;
}

/** How many answers back a consumer can ask what changed since. */
const MAX_HISTORY = 32;

/** How many questions (host lists and contexts) are kept. */
const MAX_QUESTIONS = 4;

/** How many catalog changes are remembered, and how many changed files a judge takes in place. */
const MAX_CHANGES = 64;
const MAX_CHANGED_FILES = 64;

/**
 * The verdicts of the whole catalog for the hosts a user cares about, judged again only when the
 * catalog or the question changed, and then only for what the change touched (HostJudge).
 */
export class HostVerdictCache {
  /** The judges of each question, oldest first. */
  private readonly judges = new Map<string, HostJudge[]>();
  private readonly answers = new Map<string, { revision: number; verdicts: CatalogVerdicts }>();
  /**
   * The files each catalog change touched, by the revision it led to, newest last: what changed
   * since an answer is read from here, without comparing the whole catalog.
   */
  private readonly changes: { revision: number; files: readonly string[] }[] = [];
  /** Of each question, what each answer changed (undefined: everything), and the answers themselves. */
  private readonly history = new Map<
    string,
    { answer: CatalogVerdicts; changed: ReadonlySet<SkillRecord> | undefined }[]
  >();

  constructor(private readonly catalog: SkillCatalog) {
    catalog.onDidChange((change) => {
      this.changes.push({ revision: catalog.revision, files: change.files });
      if (this.changes.length > MAX_CHANGES) this.changes.shift();
    });
  }

  /** The records at the files changed after `revision`, or undefined when that is unknown or too many. */
  private recordsChangedSince(revision: number): SkillRecord[] | undefined {
    const first = this.changes.findIndex((c) => c.revision > revision);
    // The log must reach back to the first revision after the answer.
    if (first < 0 || this.changes[first].revision !== revision + 1) return undefined;
    const files = new Set<string>();
    for (let i = first; i < this.changes.length; i++) for (const file of this.changes[i].files) files.add(file);
    if (files.size > MAX_CHANGED_FILES) return undefined;
    const records: SkillRecord[] = [];
    for (const file of files) {
      const entry = this.catalog.entryForFile(file);
      // A file gone from the catalog: the judges start over.
      if (!entry) return undefined;
      records.push(entry.record);
    }
    return records;
  }

  /** The verdicts for the current catalog. */
  verdicts(hosts: readonly HostId[], context: HostContext): CatalogVerdicts {
    const revision = this.catalog.revision;
    const key = JSON.stringify([
      hosts,
      context.projectRoots,
      context.home ?? null,
      context.contextTokens ?? null,
      context.implicitInvocationOff ?? [],
    ]);
    const known = this.answers.get(key);
    if (known?.revision === revision) return known.verdicts;
    // What changed since this question's last answer, from the catalog's own change events: the
    // whole catalog is listed only when a judge starts over.
    const changedRecords = known ? this.recordsChangedSince(known.revision) : undefined;
    let all: SkillRecord[] | undefined;
    const records = () => (all ??= this.catalog.records());
    const judged = this.judgesFor(key, hosts, context).map((judge) =>
      judge.judge(records, changedRecords, this.catalog.size),
    );
    let changed: Set<SkillRecord> | undefined = known ? new Set() : undefined;
    for (const result of judged) {
      if (!result.changed) changed = undefined;
      else if (changed) for (const record of result.changed) changed.add(record);
    }
    // The linked copies of a changed record show its verdicts too.
    if (changed) for (const record of [...changed]) for (const copy of this.catalog.copiesOf(record)) changed.add(copy);
    const byRecord = new WeakMap<SkillRecord, Map<HostId, HostVerdict>>();
    const ownOf = (record: SkillRecord) =>
      judged[0]?.verdicts.has(record)
        ? new Map(hosts.map((host, i) => [host, judged[i].verdicts.get(record)!]))
        : undefined;
    const of = (record: SkillRecord): ReadonlyMap<HostId, HostVerdict> | undefined => {
      let verdicts = byRecord.get(record);
      if (!verdicts) {
        const own = ownOf(record);
        if (!own) return undefined;
        // A folder linked into another agents' folder: each host reaches it through its best copy.
        const copies = this.catalog.copiesOf(record);
        verdicts = copies.length > 0 ? mergedVerdicts(own, copies.map(ownOf)) : own;
        byRecord.set(record, verdicts);
      }
      return verdicts;
    };
    const history = known ? (this.history.get(key) ?? []) : [];
    const changedSince = (previous: CatalogVerdicts | undefined): ReadonlySet<SkillRecord> | undefined => {
      const at = history.findIndex((h) => h.answer === previous);
      const mine = history.findIndex((h) => h.answer === verdicts);
      if (previous === undefined || at < 0 || mine < at) return undefined;
      const union = new Set<SkillRecord>();
      for (const step of history.slice(at + 1, mine + 1)) {
        if (!step.changed) return undefined;
        for (const record of step.changed) union.add(record);
      }
      return union;
    };
    const verdicts: CatalogVerdicts = { hosts, context, of, changedSince };
    history.push({ answer: verdicts, changed });
    if (history.length > MAX_HISTORY) history.shift();
    this.history.set(key, history);
    this.answers.delete(key);
    this.answers.set(key, { revision, verdicts });
    if (this.answers.size > MAX_QUESTIONS) {
      const oldest = this.answers.keys().next().value!;
      this.answers.delete(oldest);
      this.history.delete(oldest);
    }
    return verdicts;
  }

  /**
   * The judges of one question, one a host. Each question has its own, so that `changed` is
   * measured against that question's previous answer.
   */
  private judgesFor(key: string, hosts: readonly HostId[], context: HostContext): HostJudge[] {
    let judges = this.judges.get(key);
    if (judges) this.judges.delete(key);
    else judges = hosts.map((host) => new HostJudge(host, context));
    this.judges.set(key, judges);
    if (this.judges.size > MAX_QUESTIONS) this.judges.delete(this.judges.keys().next().value!);
    return judges;
  }
}
