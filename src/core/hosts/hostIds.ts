// The hosts' ids and the defaults that settings need (docs/hosts.md), apart from the profiles
// themselves: the settings and the CLI's options read these without loading every host's facts.

/** The hosts Skillsmith judges skills for. */
export const HOST_IDS = ['vscode', 'claude-code', 'codex', 'copilot-cli', 'vscode-copilot'] as const;
export type HostId = (typeof HOST_IDS)[number];

/** The hosts a user cares about when they say nothing (`skillsmith.hosts`). */
export const DEFAULT_HOSTS: readonly HostId[] = ['vscode', 'claude-code', 'codex'];

/** The context window the budgets are computed for when none is given, in tokens. */
export const DEFAULT_CONTEXT_TOKENS = 200_000;

/** True for a known host id. */
export function isHostId(value: string): value is HostId {
  return (HOST_IDS as readonly string[]).includes(value);
}
