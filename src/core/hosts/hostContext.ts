// Where the hosts look, and how a skill can be invoked: the shapes the verdicts (verdicts.ts), the
// hosts' rules (hostRules.ts) and the listing arithmetic (hostListing.ts) share, so that none of
// them imports another for a type.
import type { ContextTokens } from './hostIds';

/** Who may invoke a skill on a host: the model (and the user), only the user, or no one. */
export type Invocation = 'model' | 'user' | 'none';

/** Where the hosts look: the project folders (workspace folders) and the home folder. */
export interface HostContext {
  readonly projectRoots: readonly string[];
  readonly home: string | undefined;
  /**
   * The context window, in tokens, where a budget is a share of it: one for every host, or one
   * per host. A host without one is judged at the window of its default model (contextWindow.ts).
   */
  readonly contextTokens?: ContextTokens;
  /**
   * The folders (path keys) of the skills whose host policy file keeps them from the model
   * (Codex: agents/openai.yaml, `policy.allow_implicit_invocation: false`; invocationPolicy.ts).
   */
  readonly implicitInvocationOff?: readonly string[];
}
