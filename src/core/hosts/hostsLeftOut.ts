// The hosts a user did not choose (docs/hosts.md, "Which hosts"): `skillsmith hosts` and the Skills
// view say which ones they leave out and how to add them, so that a newcomer is not left thinking
// the chosen ones are all Skillsmith knows. Hosts by their display names (hostNames.ts), and the
// ids where the setting takes them; without the profiles, so that the view does not load them.
import { HOST_IDS, type HostId } from './hostIds';
import { hostNameList } from './hostNames';

/** The known hosts not in `chosen`, in the order of HOST_IDS. */
export function hostsLeftOut(chosen: readonly HostId[]): HostId[] {
  return HOST_IDS.filter((host) => !chosen.includes(host));
}

/** "a, b and c". */
export function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The Skills view's line about its hosts: which it checks, which it leaves out and where to add
 * them; undefined when it checks every host.
 */
export function viewHostsMessage(chosen: readonly HostId[]): string | undefined {
  const leftOut = hostsLeftOut(chosen);
  if (leftOut.length === 0) return undefined;
  const checked = chosen.length > 0 ? hostNameList(chosen) : 'none';
  return `Agents checked: ${checked}. Not checked: ${hostNameList(leftOut)}; add ${andList(leftOut)} to the setting skillsmith.hosts.`;
}
