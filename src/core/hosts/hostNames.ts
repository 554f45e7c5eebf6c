// The one name each host goes by wherever Skillsmith shows it to a person (docs/hosts.md): New
// Skill's and Add's folder pickers, the review, the verdicts and problems, the hover, the Skills
// view and the CLI's notes. The ids (hostIds.ts) are for settings and options; these are for text.
import type { HostId } from './hostIds';

/** The display name of each host. */
export const HOST_NAMES: Readonly<Record<HostId, string>> = {
  vscode: "VS Code's agent",
  'claude-code': 'Claude Code',
  codex: 'Codex',
  'copilot-cli': 'Copilot CLI',
  'vscode-copilot': "VS Code's agent (Copilot harness)",
};

/** "A", "A and B", "A, B and C": hosts by their display names, in the order given. */
export function hostNameList(hosts: readonly HostId[]): string {
  const names = hosts.map((host) => HOST_NAMES[host]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "read by A and B; not by C": which of the chosen hosts read a folder, for a folder picker. */
export function reachText(reading: readonly HostId[], missing: readonly HostId[]): string {
  if (reading.length === 0) return 'read by none of your agents (skillsmith.hosts)';
  return `read by ${hostNameList(reading)}${missing.length > 0 ? `; not by ${hostNameList(missing)}` : ''}`;
}
