// `skillsmith hosts [ROOT] [--host H|all]... [--require H]... [--context-tokens [H=]N]... [--json] [--no-user]`
// (docs/cli.md, docs/hosts.md): for every skill of the catalog, whether each host finds it,
// loads it, lists it to its model and how, and who can invoke it, with the reasons. With
// --require, the exit code is 1 when a skill does not load, or is dropped, in a required host:
// CI fails before a teammate's agent silently goes without the skill.
import * as os from 'node:os';
import { normalizePath, pathKey, toNativePath } from '../core/base/paths';
import { hostRecords } from '../core/hosts/hostRecords';
import { realDirOf } from '../core/catalog/linkedCopies';
import { mergedVerdicts } from '../core/hosts/linkedVerdicts';
import { DEFAULT_HOSTS, HOST_IDS, HOST_PROFILES, isHostId, type HostId } from '../core/hosts/profiles';
import type { ContextTokens } from '../core/hosts/hostIds';
import { contextWindowOf } from '../core/hosts/contextWindow';
import { andList, hostsLeftOut } from '../core/hosts/hostsLeftOut';
import { hostVerdicts, type HostContext, type HostVerdict } from '../core/hosts/verdicts';
import type { SkillRecord } from '../core/catalog/skillRecord';
import { implicitInvocationOff as hostPolicyOff } from '../core/hosts/invocationPolicy';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, parseCommandArgs, repeatedOption, UsageError } from './args';
import { loadCatalog } from './listCommand';
import { writeErr, writeOut } from './output';
import { rootFolder } from './workingFolder';

/** The host ids of --host (or --require) values (`all`: every host); a bad one is a usage error that lists the known ones. */
export function readHostOptions(values: readonly string[], option: string): HostId[] {
  const ids: HostId[] = [];
  for (const value of values) {
    if (value === 'all' && option === 'host') ids.push(...HOST_IDS);
    else if (isHostId(value)) ids.push(value);
    else
      throw new UsageError(
        `--${option} takes one of ${HOST_IDS.join(', ')}${option === 'host' ? ' or all' : ''}, not '${value}'`,
      );
  }
  return [...new Set(ids)];
}

/**
 * The windows of --context-tokens: `N` for every host (the old form), `HOST=N` for one; a later
 * value wins. Undefined when none is given: each host is judged at its default model's window.
 */
export function readContextTokens(values: readonly string[], min: number): ContextTokens | undefined {
  let every: number | undefined;
  const perHost: Partial<Record<HostId, number>> = {};
  for (const value of values) {
    const match = /^(?:([a-z-]+)=)?(\d+)$/.exec(value);
    const host = match?.[1];
    if (!match || (host !== undefined && !isHostId(host)))
      throw new UsageError(`--context-tokens takes N or HOST=N (HOST one of ${HOST_IDS.join(', ')}), not '${value}'`);
    const tokens = Number(match[2]);
    if (tokens < min) throw new UsageError(`--context-tokens must be at least ${min}, not ${tokens}`);
    if (host === undefined) {
      every = tokens;
      for (const key of Object.keys(perHost)) delete perHost[key as HostId];
    } else perHost[host] = tokens;
  }
  if (every === undefined) return Object.keys(perHost).length > 0 ? perHost : undefined;
  return Object.keys(perHost).length > 0 ? Object.fromEntries(HOST_IDS.map((h) => [h, perHost[h] ?? every])) : every;
}

export interface HostsReport {
  readonly hosts: readonly HostId[];
  /** The hosts it knows and did not judge (not asked for): the text says how to add them. */
  readonly leftOut: readonly HostId[];
  /** Per host, the window its listing budget was computed for; null where its budget is not a share of it. */
  readonly contextTokens: Readonly<Partial<Record<HostId, number | null>>>;
  /** One row per skill folder on disk: its linked copies (core/catalog/linkedCopies.ts) are in `copies`, judged with it. */
  readonly skills: readonly {
    readonly record: SkillRecord;
    readonly verdicts: ReadonlyMap<HostId, HostVerdict>;
    readonly copies: readonly SkillRecord[];
  }[];
}

/** The verdicts of every record for the chosen hosts (the required ones included). */
export function hostsReport(
  records: readonly SkillRecord[],
  hosts: readonly HostId[],
  context: HostContext,
): HostsReport {
  const byHost = new Map(hosts.map((host) => [host, hostVerdicts(host, records, context)]));
  return {
    hosts,
    leftOut: hostsLeftOut(hosts),
    contextTokens: Object.fromEntries(
      hosts.map((host) => {
        const profile = HOST_PROFILES[host];
        const kind = profile.listing.value.kind;
        const shared = kind === 'upgrade-names-in-order' || kind === 'token-budget';
        return [host, shared ? contextWindowOf(profile, context).tokens : null];
      }),
    ),
    skills: byFolder(records).map(([record, ...copies]) => {
      const verdictsOf = (r: SkillRecord) => new Map(hosts.map((host) => [host, byHost.get(host)!.get(r)!]));
      return { record, verdicts: mergedVerdicts(verdictsOf(record), copies.map(verdictsOf)), copies };
    }),
  };
}

/** The records grouped by their folder on disk, in their order: a folder and its linked copies. */
function byFolder(records: readonly SkillRecord[]): SkillRecord[][] {
  const groups = new Map<string, SkillRecord[]>();
  for (const record of records) {
    const key = pathKey(realDirOf(record));
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return [...groups.values()];
}

/** The `--json` shape of docs/cli.md. */
export function hostsJson(report: HostsReport): string {
  return JSON.stringify({
    hosts: report.hosts,
    leftOut: report.leftOut,
    contextTokens: report.contextTokens,
    skills: report.skills.map(({ record, verdicts, copies }) => ({
      name: record.name,
      path: toNativePath(record.filePath),
      ...(copies.length > 0 ? { copies: copies.map((copy) => toNativePath(copy.filePath)) } : {}),
      hosts: Object.fromEntries(
        [...verdicts].map(([host, v]) => [
          host,
          {
            found: v.found,
            loads: v.loads,
            listing: v.listing?.form ?? null,
            position: v.listing?.position ?? null,
            invocation: v.invocation,
            reasons: v.reasons.map((r) => r.text),
          },
        ]),
      ),
    })),
  });
}

/** One word for a verdict, as the table shows it. */
function verdictWord(verdict: HostVerdict): string {
  if (!verdict.found) return 'not found';
  if (!verdict.loads) return 'refused';
  if (verdict.invocation === 'user') return 'user only';
  return verdict.listing?.form ?? 'listed';
}

/** The line that names the hosts left out, and how to add them; empty when none is. */
export function leftOutText(leftOut: readonly HostId[]): string {
  if (leftOut.length === 0) return '';
  const names = andList(leftOut.map((host) => `${HOST_PROFILES[host].displayName} (${host})`));
  return `Not shown: ${names}. Add one with --host ${leftOut[0]} (and --host for each host you want), or every host with --host all.\n`;
}

/** A table of skills by host, then each problem with its reason, then the hosts left out. */
export function hostsText(report: HostsReport): string {
  if (report.skills.length === 0) return `No skills found.\n${leftOutText(report.leftOut)}`;
  const header = ['SKILL', ...report.hosts];
  const rows = report.skills.map(({ record, verdicts }) => [
    record.name,
    ...report.hosts.map((host) => verdictWord(verdicts.get(host)!)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const lines = [format(header), ...rows.map(format)];
  const linked = report.skills.flatMap(({ record, copies }) =>
    copies.map(
      (copy) =>
        `- ${record.name} is also at ${toNativePath(copy.dir)}, a symbolic link to ${toNativePath(realDirOf(record))}: one skill, judged once.`,
    ),
  );
  const notes = report.skills.flatMap(({ record, verdicts }) =>
    report.hosts.flatMap((host) => {
      const verdict = verdicts.get(host)!;
      if (verdict.found && verdict.loads && verdict.listing?.form === 'full') return [];
      return verdict.reasons.map((reason) => `- ${record.name} in ${HOST_PROFILES[host].displayName}: ${reason.text}`);
    }),
  );
  const leftOut = leftOutText(report.leftOut);
  const said = [...linked, ...notes];
  return `${lines.join('\n')}\n${said.length > 0 ? `\n${said.join('\n')}\n` : ''}${leftOut ? `\n${leftOut}` : ''}`;
}

/** The skills that fail a required host: not loaded (when found by no host at all too), or dropped. */
export function requirementFailures(report: HostsReport, required: readonly HostId[]): string[] {
  return report.skills.flatMap(({ record, verdicts }) =>
    required.flatMap((host) => {
      const verdict = verdicts.get(host)!;
      if (verdict.loads && verdict.listing?.form !== 'dropped') return [];
      const what = !verdict.found
        ? 'is not found by'
        : !verdict.loads
          ? 'does not load in'
          : 'is dropped from the listing of';
      return [`${record.name} ${what} ${HOST_PROFILES[host].displayName}: ${verdict.reasons[0]?.text ?? ''}`];
    }),
  );
}

/** The hosts a run reports on: those given, else the default ones, with the required ones added. */
export function chosenHosts(given: readonly HostId[], required: readonly HostId[]): HostId[] {
  return [...new Set([...(given.length > 0 ? given : DEFAULT_HOSTS), ...required])];
}

/** `skillsmith hosts`: parses its options and prints each host's verdicts. */
export async function hosts(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    repeated: ['host', 'require', 'context-tokens'],
    booleans: ['json', 'no-user', 'unicode-names'],
  });
  if (args.positionals.length > 1) throw new UsageError('hosts takes at most one ROOT');
  const required = readHostOptions(repeatedOption(args, 'require'), 'require');
  const chosen = chosenHosts(readHostOptions(repeatedOption(args, 'host'), 'host'), required);
  const contextTokens = readContextTokens(repeatedOption(args, 'context-tokens'), 1000);
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, args.positionals[0] ?? '.');
  const includeUser = !flag(args, 'no-user');
  const catalog = await loadCatalog(fs, { root, includeUser, unicodeNames: flag(args, 'unicode-names') });
  const context = { projectRoots: [root], home: includeUser ? normalizePath(os.homedir()) : undefined, contextTokens };
  const records = await hostRecords(
    fs,
    catalog.entries().map((entry) => entry.record),
    chosen,
    context,
  );
  // The skills a host's own policy file keeps from its model (Codex's agents/openai.yaml).
  const implicitInvocationOff = await hostPolicyOff(
    fs,
    records.map((record) => record.dir),
    chosen,
  );
  const report = hostsReport(records, chosen, { ...context, implicitInvocationOff });
  await writeOut(flag(args, 'json') ? hostsJson(report) + '\n' : hostsText(report));
  const failures = requirementFailures(report, required);
  for (const failure of failures) writeErr(`skillsmith hosts: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}
