// "Which agents load this skill?" (docs/hosts.md, "Which agents load a skill"): the verdicts of one
// skill for the hosts a user chose, in words, where the user looks: the Skills view's tooltip, the
// hover on the SKILL.md's frontmatter, Show Listing. One line per host, what it does with the skill
// and why; and, when the skill is as well placed as one folder allows but some host still misses
// it, that this is why there is no problem, and which folder that host reads (docs/hosts.md,
// "Where to put a skill").
import type { SkillRecord } from '../catalog/skillRecord';
import { HOST_NAMES, hostNameList } from './hostNames';
import { bestReach, folderReaches } from './placement';
import type { HostId } from './profiles';
import type { HostVerdict } from './verdicts';

/** What one host does with the skill, in a word. */
export type AgentState =
  'full' | 'shortened' | 'name-only' | 'dropped' | 'user-only' | 'not-invocable' | 'not-loaded' | 'not-found';

/** One host's line of the answer. */
export interface AgentLine {
  readonly host: HostId;
  readonly state: AgentState;
  /** "Claude Code lists it to its model in full." */
  readonly text: string;
  /** The verdict's reasons, one sentence each. */
  readonly why: readonly string[];
}

export interface AgentsAnswer {
  /** The hosts that load the skill (whatever their listing does with it). */
  readonly loading: readonly HostId[];
  /** "Loaded by VS Code's agent and Codex; not by Claude Code." */
  readonly headline: string;
  readonly lines: readonly AgentLine[];
  /** Why missing some hosts for its folder is no problem, when no one folder reaches them all. */
  readonly advice: string | undefined;
}

function stateOf(verdict: HostVerdict): AgentState {
  if (!verdict.found) return 'not-found';
  if (!verdict.loads) return 'not-loaded';
  if (verdict.invocation === 'none') return 'not-invocable';
  if (verdict.invocation !== 'model' || !verdict.listing) return 'user-only';
  return verdict.listing.form;
}

const SAYS: Record<AgentState, string> = {
  full: 'lists it to its model in full',
  shortened: 'lists it to its model with a shortened description',
  'name-only': 'lists only its name to its model',
  dropped: 'loads it, but drops it from the list its model sees',
  'user-only': 'loads it for you to invoke; its model does not see it',
  'not-invocable': 'loads it, but neither its model nor you can invoke it',
  'not-loaded': 'finds it but does not load it',
  'not-found': 'does not find it',
};

/** True when a host sees the skill as it should: listed to its model in full, or kept from it on purpose. */
export const isFine = (state: AgentState): boolean => state === 'full' || state === 'user-only';

/** The answer for one record, for the chosen hosts' verdicts (in the order of the map). */
export function agentsAnswer(record: SkillRecord, verdicts: ReadonlyMap<HostId, HostVerdict>): AgentsAnswer {
  const lines: AgentLine[] = [...verdicts].map(([host, verdict]) => {
    const state = stateOf(verdict);
    return {
      host,
      state,
      text: `${HOST_NAMES[host]} ${SAYS[state]}.`,
      why: verdict.reasons.filter((r) => !(isFine(state) && r.cause === 'invocation')).map((r) => r.text),
    };
  });
  const hosts = lines.map((line) => line.host);
  const loading = lines.filter((line) => line.state !== 'not-found' && line.state !== 'not-loaded').map((l) => l.host);
  const missing = hosts.filter((host) => !loading.includes(host));
  const headline =
    hosts.length === 0
      ? 'No agent chosen (skillsmith.hosts).'
      : missing.length === 0
        ? `Loaded by ${hosts.length === 1 ? '' : 'all your agents: '}${hostNameList(hosts)}.`
        : loading.length === 0
          ? `Loaded by none of your agents (${hostNameList(hosts)}).`
          : `Loaded by ${hostNameList(loading)}; not by ${hostNameList(missing)}.`;
  return { loading, headline, lines, advice: placementAdvice(record, verdicts) };
}

/**
 * When the skill's folder reaches as many of the chosen hosts as one folder can and some miss it
 * for its folder: that no one folder reaches them all, and the folder those others read.
 */
function placementAdvice(record: SkillRecord, verdicts: ReadonlyMap<HostId, HostVerdict>): string | undefined {
  const chosen = [...verdicts.keys()];
  const byFolder = chosen.filter((host) => verdicts.get(host)!.reasons.some((r) => r.cause === 'folder'));
  if (byFolder.length === 0 || byFolder.length === chosen.length) return undefined;
  const scope = record.location.scope;
  if (chosen.length - byFolder.length < bestReach(chosen, scope)) return undefined;
  const other = folderReaches(byFolder, scope)[0];
  if (!other) return undefined;
  const shown = scope === 'user' ? `~/${other.folder}` : other.folder;
  return `No one folder is read by all your agents: this one reaches as many of them as one folder can, so it is no problem. ${hostNameList(other.hosts)} ${other.hosts.length === 1 ? 'reads' : 'read'} ${shown}.`;
}

/** The answer as Markdown lines, for a tooltip or a hover (the caller escapes nothing: plain sentences). */
export function agentsMarkdown(answer: AgentsAnswer): string {
  const mark = (state: AgentState) =>
    isFine(state) ? '✓' : state === 'not-found' || state === 'not-loaded' ? '⊘' : '◐';
  const lines = [`**Which agents load it:** ${answer.headline}`, ''];
  for (const line of answer.lines)
    lines.push(`- ${mark(line.state)} ${line.text}${line.why.length > 0 ? ` ${line.why.join(' ')}` : ''}`);
  if (answer.advice) lines.push('', answer.advice);
  return lines.join('\n');
}
