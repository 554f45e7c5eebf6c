// The context window a host's listing budget is computed for (docs/hosts.md, "Context windows"):
// the one the user chose for that host, or for every host, else the window of the model the host
// runs when none is chosen (the profile's `defaultModel`), else DEFAULT_CONTEXT_TOKENS.
import { DEFAULT_CONTEXT_TOKENS, type ContextTokens } from './hostIds';
import type { HostContext } from './hostContext';
import type { HostProfile } from './profiles';

export interface ContextWindow {
  readonly tokens: number;
  /** Where it comes from: chosen by the user, the host's default model, or assumed. */
  readonly from: 'chosen' | 'default-model' | 'assumed';
}

/** The window the user chose for one host, if any: its own, else the one for every host. */
export function chosenContextTokens(tokens: ContextTokens | undefined, host: HostProfile['id']): number | undefined {
  return typeof tokens === 'number' ? tokens : tokens?.[host];
}

/** The window a host's budget is computed for, and where it comes from. */
export function contextWindowOf(profile: HostProfile, context: HostContext): ContextWindow {
  const chosen = chosenContextTokens(context.contextTokens, profile.id);
  if (chosen !== undefined) return { tokens: chosen, from: 'chosen' };
  const model = profile.defaultModel.value;
  if (model) return { tokens: model.contextTokens, from: 'default-model' };
  return { tokens: DEFAULT_CONTEXT_TOKENS, from: 'assumed' };
}

/** The window in words, for a reason: "the 1000000-token context of claude-opus-5-5, Claude Code's default model". */
export function contextWindowText(profile: HostProfile, window: ContextWindow): string {
  const model = profile.defaultModel.value;
  if (window.from === 'default-model' && model)
    return `the ${window.tokens}-token context of ${model.id}, ${profile.displayName}'s default model`;
  return `a ${window.tokens}-token context`;
}
