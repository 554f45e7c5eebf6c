// Pure helpers of the @skills participant's slash commands and results: parsing
// `/run name args`, fencing text safely, wording tool errors for a person, the
// metadata each turn stores in its ChatResult, and the follow-ups it suggests. Kept
// free of `vscode` so node --test covers them; src/vscode/ only renders the output.
import { isToolCallRoundList, type ToolCallRound } from './conversation';
import type { SkillDraft } from './skillDraft';
import type { ToolError } from '../loading/tools';

/** The skill name and the argument string of `/run <name> [args]` or `/show <name> [args]`. */
export interface SkillCommand {
  readonly name: string;
  readonly args: string;
}

/** What a @skills turn stores in `ChatResult.metadata` (JSON-safe), read back by history and follow-ups. */
export interface SkillsChatMetadata {
  /** The slash command of the turn, when there was one. */
  readonly command?: string;
  /** Completed tool rounds, replayed into later turns. */
  readonly rounds: readonly ToolCallRound[];
  /** Skills loaded during the turn, in the order they were first loaded. */
  readonly skillsUsed: readonly string[];
  /** How the turn ended (`done`, `cap-reached`, `cancelled`, `error`), when a model was asked. */
  readonly status?: string;
  /** `/new`: the draft its Create button hands to `skillsmith.newSkill`. */
  readonly draft?: SkillDraft;
}

/** A follow-up suggestion, shaped like `vscode.ChatFollowup`. */
export interface SkillsFollowup {
  readonly prompt: string;
  readonly label: string;
  readonly command?: string;
}

/** Splits `<name> [args]`: the first word is the name, the rest (trimmed) the arguments. */
export function parseSkillCommand(prompt: string): SkillCommand | undefined {
  const match = /^\s*(\S+)(?:\s+([\s\S]*))?$/.exec(prompt);
  if (!match) return undefined;
  return { name: match[1], args: (match[2] ?? '').trim() };
}

/** `text` in a fenced code block whose fence is longer than any backtick run inside it. */
export function markdownFence(text: string, language = ''): string {
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** Markdown-escapes text for inline use (table cells, bold labels): no layout characters survive. */
export function escapeInlineMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]|<>~])/g, '\\$1');
}

const ERROR_TITLES: Record<ToolError['type'], string> = {
  not_found: 'Not found',
  invalid_input: 'Invalid input',
  outside_skill: 'Outside the skill',
  too_large: 'Too large',
  invalid_skill: 'Skill cannot be used',
  not_allowed: 'Not allowed',
};

/** A tool error as one markdown paragraph for the user: title, message and suggestion. */
export function describeToolError(error: ToolError): string {
  const suggestion = error.suggestion ? ` ${escapeInlineMarkdown(error.suggestion)}` : '';
  return `**${ERROR_TITLES[error.type]}:** ${escapeInlineMarkdown(error.message)}${suggestion}`;
}

/** Reads metadata stored by an earlier turn; anything malformed is dropped, not trusted. */
export function readChatMetadata(value: unknown): SkillsChatMetadata {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const rounds = isToolCallRoundList(record.rounds) ? record.rounds : [];
  const skillsUsed = Array.isArray(record.skillsUsed)
    ? record.skillsUsed.filter((s): s is string => typeof s === 'string')
    : [];
  const command = typeof record.command === 'string' ? record.command : undefined;
  return command === undefined ? { rounds, skillsUsed } : { command, rounds, skillsUsed };
}

/** Follow-ups after a turn: `/show` for each skill it used (at most 3), then `/list` unless that was the turn. */
export function followupsFor(metadata: SkillsChatMetadata): SkillsFollowup[] {
  const followups: SkillsFollowup[] = metadata.skillsUsed.slice(0, 3).map((name) => ({
    prompt: name,
    label: `Run /show ${name}`,
    command: 'show',
  }));
  if (metadata.command !== 'list') followups.push({ prompt: '', label: 'List the skills (/list)', command: 'list' });
  return followups;
}
