// `/new <what the skill should do>`: the model drafts a SKILL.md, our own linter checks
// it (one retry with the problems when it has errors), and the answer shows the draft
// with a button that hands the whole file to the `skillsmith.newSkill` command to create it.
// The draft is not streamed as it arrives: a retry would otherwise show two drafts.
import * as vscode from 'vscode';
import { plural } from '../../core/base/text';
import { runAgentLoop, type AgentLoopOutcome } from '../../core/chat/agentLoop';
import type { ChatMessage } from '../../core/chat/conversation';
import { escapeInlineMarkdown, markdownFence, type SkillsChatMetadata } from '../../core/chat/chatCommands';
import {
  checkDraft,
  draftRequestPrompt,
  draftRetryPrompt,
  DRAFT_SYSTEM_PROMPT,
  extractDraftText,
  type CheckedDraft,
  type SkillDraft,
} from '../../core/chat/skillDraft';
import { LanguageModelChatAdapter } from '../languageModelChat';
import { COMMANDS } from '../ids';
import { readSettings } from '../settings';

/** One `/new` request with the model that drafts the skill. */
export interface NewSkillInput {
  readonly request: vscode.ChatRequest;
  readonly stream: vscode.ChatResponseStream;
  readonly token: vscode.CancellationToken;
  readonly model: vscode.LanguageModelChat;
}

const text = (role: ChatMessage['role'], value: string): ChatMessage => ({ role, parts: [{ kind: 'text', value }] });

/** Drafts, checks, retries once, and shows the result with a Create button. */
export async function newSkillCommand(input: NewSkillInput): Promise<vscode.ChatResult> {
  const { request, stream, token } = input;
  const done = (status: string, draft?: SkillDraft): vscode.ChatResult => ({
    metadata: {
      command: 'new',
      rounds: [],
      skillsUsed: [],
      status,
      ...(draft ? { draft } : {}),
    } satisfies SkillsChatMetadata,
  });
  const what = request.prompt.trim();
  if (what === '') {
    stream.markdown(
      'Usage: `/new <what the skill should do>`, for example `/new review SQL migrations for locking problems`.',
    );
    return done('done');
  }
  const unicodeNames = readSettings().unicodeNames;
  const model = new LanguageModelChatAdapter(input.model);
  const ask = (history: ChatMessage[], prompt: string): Promise<AgentLoopOutcome> =>
    runAgentLoop({
      model,
      systemPrompt: DRAFT_SYSTEM_PROMPT,
      history,
      prompt,
      tools: [],
      invokeTool: async () => '',
      maxRounds: 1,
      token,
    });

  stream.progress('Drafting the skill…');
  const first = await ask([], draftRequestPrompt(what));
  if (!answered(first)) return failed(first, stream, done);
  let answer = first.text;
  let checked = draftOf(answer, unicodeNames);
  if (!checked || checked.errors.length > 0) {
    stream.progress(
      checked ? `Fixing ${plural(checked.errors.length, 'problem')} in the draft…` : 'Asking again for the file…',
    );
    const retryPrompt = checked
      ? draftRetryPrompt(checked)
      : 'Answer with ONLY the complete SKILL.md file (frontmatter with name and description, then the body) in one ```markdown fenced block.';
    const second = await ask([text('user', draftRequestPrompt(what)), text('assistant', answer)], retryPrompt);
    if (!answered(second)) return failed(second, stream, done);
    const retried = draftOf(second.text, unicodeNames);
    if (retried || !checked) {
      answer = second.text;
      checked = retried;
    }
  }
  if (!checked) {
    stream.markdown(`The model did not answer with a SKILL.md. Its answer:\n\n${markdownFence(answer)}\n`);
    return done('done');
  }
  showDraft(checked, stream);
  return done('done', checked.draft);
}

/** True when the model produced an answer (with no tools offered, a stray tool call only ends the round). */
function answered(outcome: AgentLoopOutcome): boolean {
  return outcome.status === 'done' || outcome.status === 'cap-reached';
}

function draftOf(answer: string, unicodeNames: boolean): CheckedDraft | undefined {
  const draftText = extractDraftText(answer);
  return draftText === undefined ? undefined : checkDraft(draftText, unicodeNames);
}

function showDraft(checked: CheckedDraft, stream: vscode.ChatResponseStream): void {
  const name = checked.draft ? `**${escapeInlineMarkdown(checked.draft.name)}**` : 'the skill';
  stream.markdown(`Here is a draft of ${name}:\n\n${markdownFence(checked.text, 'markdown')}\n`);
  const shown = checked.problems.filter((p) => p.severity !== 'info');
  if (shown.length > 0) {
    const lines = shown.map(
      (p) => `- ${p.severity} \`${p.code}\` (line ${p.range.start.line + 1}): ${escapeInlineMarkdown(p.message)}`,
    );
    stream.markdown(
      `\n${checked.errors.length > 0 ? 'It still has problems' : 'Warnings'} (fix them after creating it):\n\n${lines.join('\n')}\n`,
    );
  }
  if (checked.draft) {
    // The whole file, not only name, description and body: license, metadata,
    // allowed-tools and every other field of the draft are kept.
    const { name, description } = checked.draft;
    stream.button({
      command: COMMANDS.newSkill,
      arguments: [{ name, description, content: checked.text }],
      title: 'Create skill',
    });
  }
}

function failed(
  outcome: AgentLoopOutcome,
  stream: vscode.ChatResponseStream,
  done: (status: string) => vscode.ChatResult,
): vscode.ChatResult {
  if (outcome.status === 'error' && outcome.error) {
    stream.markdown(`**@skills could not draft the skill:** ${escapeInlineMarkdown(outcome.error.message)}`);
  }
  return done(outcome.status);
}
