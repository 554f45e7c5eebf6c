// The verdicts of the whole catalog for the hosts a user cares about, computed once per catalog
// revision and settings, and shared by everyone who shows them (the diagnostics, the Skills
// view, Show Listing): a chat turn or a redraw never recomputes them.
import type { SkillCatalog } from '../catalog/catalog';
import type { SkillRecord } from '../catalog/skillRecord';
import type { HostId } from './profiles';
import { hostVerdicts, type HostContext, type HostVerdict } from './verdicts';

export interface CatalogVerdicts {
  readonly hosts: readonly HostId[];
  /** Where the hosts look, as the verdicts were computed for. */
  readonly context: HostContext;
  /** The verdicts of a record, by host. */
  of(record: SkillRecord): ReadonlyMap<HostId, HostVerdict> | undefined;
}

export class HostVerdictCache {
  private cached: { readonly key: string; readonly verdicts: CatalogVerdicts } | undefined;

  constructor(private readonly catalog: SkillCatalog) {}

  /** The verdicts for the current catalog, recomputed only when it or the question changed. */
  verdicts(hosts: readonly HostId[], context: HostContext): CatalogVerdicts {
    const key = JSON.stringify([this.catalog.revision, hosts, context.projectRoots, context.home ?? null, context.contextTokens ?? null]);
    if (this.cached?.key === key) return this.cached.verdicts;
    const records = this.catalog.entries().map((entry) => entry.record);
    const byHost = new Map(hosts.map((host) => [host, hostVerdicts(host, records, context)]));
    const byRecord = new Map<SkillRecord, Map<HostId, HostVerdict>>();
    for (const record of records) byRecord.set(record, new Map(hosts.map((host) => [host, byHost.get(host)!.get(record)!])));
    const verdicts: CatalogVerdicts = { hosts, context, of: (record) => byRecord.get(record) };
    this.cached = { key, verdicts };
    return verdicts;
  }
}
