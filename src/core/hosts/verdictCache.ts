// The verdicts of the whole catalog for the hosts a user cares about, computed once per catalog
// revision and settings, and shared by everyone who shows them (the diagnostics, the Skills
// view, Show Listing): a chat turn or a redraw never recomputes them.
import type { SkillCatalog } from '../catalog/catalog';
import type { SkillRecord } from '../catalog/skillRecord';
import type { HostId } from './profiles';
import { hostVerdicts, type HostContext, type HostVerdict, type RecordFacts } from './verdicts';

export interface CatalogVerdicts {
  readonly hosts: readonly HostId[];
  /** Where the hosts look, as the verdicts were computed for. */
  readonly context: HostContext;
  /** The verdicts of a record, by host. */
  of(record: SkillRecord): ReadonlyMap<HostId, HostVerdict> | undefined;
}

/** How many questions (host lists and contexts) are kept for one catalog revision. */
const MAX_QUESTIONS = 4;

export class HostVerdictCache {
  private revision = -1;
  private readonly cached = new Map<string, CatalogVerdicts>();
  /** Each record's own facts, by host and context: kept across revisions, dropped with their records. */
  private readonly facts = new Map<string, WeakMap<SkillRecord, RecordFacts>>();

  constructor(private readonly catalog: SkillCatalog) {}

  /** The verdicts for the current catalog, recomputed only when it or the question changed. */
  verdicts(hosts: readonly HostId[], context: HostContext): CatalogVerdicts {
    if (this.revision !== this.catalog.revision) {
      this.cached.clear();
      this.revision = this.catalog.revision;
    }
    const key = JSON.stringify([hosts, context.projectRoots, context.home ?? null, context.contextTokens ?? null]);
    const known = this.cached.get(key);
    if (known) return known;
    const records = this.catalog.entries().map((entry) => entry.record);
    const memo = (host: HostId) => {
      const factsKey = JSON.stringify([host, context.projectRoots, context.home ?? null]);
      let known = this.facts.get(factsKey);
      if (!known) this.facts.set(factsKey, (known = new WeakMap()));
      return known;
    };
    const byHost = new Map(hosts.map((host) => [host, hostVerdicts(host, records, context, memo(host))]));
    const byRecord = new Map<SkillRecord, Map<HostId, HostVerdict>>();
    for (const record of records) byRecord.set(record, new Map(hosts.map((host) => [host, byHost.get(host)!.get(record)!])));
    const verdicts: CatalogVerdicts = { hosts, context, of: (record) => byRecord.get(record) };
    if (this.cached.size >= MAX_QUESTIONS) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(key, verdicts);
    return verdicts;
  }
}
