// The hosts' ids and the defaults that settings need (docs/hosts.md), apart from the profiles
// themselves: the settings and the CLI's options read these without loading every host's facts.

/** The hosts Skillsmith judges skills for. */
export const HOST_IDS = ['vscode', 'claude-code', 'codex', 'copilot-cli', 'vscode-copilot'] as const;
export type HostId = (typeof HOST_IDS)[number];

/** The hosts a user cares about when they say nothing (`skillsmith.hosts`). */
export const DEFAULT_HOSTS: readonly HostId[] = ['vscode', 'claude-code', 'codex'];

/**
 * The context window a budget is computed for, in tokens, when none is given and the host's
 * profile names no default model (`defaultModel` in profiles.ts): a common window of today's models.
 */
export const DEFAULT_CONTEXT_TOKENS = 200_000;

/** Context windows as a setting or an option gives them: one for every host, or one per host. */
export type ContextTokens = number | Readonly<Partial<Record<HostId, number>>>;

/** True for a known host id. */
export function isHostId(value: string): value is HostId {
  return (HOST_IDS as readonly string[]).includes(value);
}
