// `/new`: what @skills asks the model for when it drafts a SKILL.md, how the draft is
// taken out of the answer's ```markdown fence, and how it is checked with the same lint
// engine as a file on disk (the drafted name doubles as the folder name). Pure.
import { analyzeSkillText } from '../lint/analyze';
import type { Problem } from '../base/types';

/** A drafted skill, in the shape the `skillsmith.newSkill` command accepts. */
export interface SkillDraft {
  readonly name: string;
  readonly description: string;
  readonly body: string;
}

/** A checked draft: the SKILL.md text, its parts when readable, and its problems. */
export interface CheckedDraft {
  readonly text: string;
  /** Set when the frontmatter yields a name and a description. */
  readonly draft?: SkillDraft;
  readonly problems: readonly Problem[];
  readonly errors: readonly Problem[];
}

/** The instructions sent before the user's description of the skill. */
export const DRAFT_SYSTEM_PROMPT = [
  'You write Agent Skills: a SKILL.md file with YAML frontmatter between two `---` lines, then a markdown body of instructions for an AI assistant.',
  'Rules for the frontmatter:',
  '- `name`: kebab-case (lowercase letters a-z, digits, single hyphens), at most 64 characters; it is also the folder name.',
  '- `description`: one or two sentences, at most 1024 characters, saying what the skill does and when to use it ("Use when ..."). No `<` or `>`. Quote it if it contains `: `.',
  '- No other fields unless asked for.',
  "Rules for the body: concrete, numbered steps the assistant follows; use `$ARGUMENTS` where the user's request goes; keep it under 200 lines.",
  'Answer with ONLY the complete file inside one ```markdown fenced block, nothing before or after it. If the body itself needs code blocks, use ~~~ fences for them.',
].join('\n');

/** The user message that asks for a draft. */
export function draftRequestPrompt(what: string): string {
  return `Write a SKILL.md for a skill that does the following:\n\n${what.trim()}`;
}

/** The follow-up message when the first draft has errors. */
export function draftRetryPrompt(checked: CheckedDraft): string {
  const problems = checked.errors.map((p) => `- line ${p.range.start.line + 1}: ${p.code}: ${p.message}`).join('\n');
  return `That SKILL.md has these problems:\n${problems}\n\nAnswer again with ONLY the corrected complete file in one \`\`\`markdown fenced block.`;
}

const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*(?:markdown|md|skill)?[ \t]*$/i;

/**
 * The SKILL.md text in a model's answer: the body of the first ```markdown (or bare)
 * fence, up to the LAST closing fence of the same kind, so code blocks inside the skill
 * survive. An answer that is itself a file (starts with `---`) is taken whole.
 */
export function extractDraftText(answer: string): string | undefined {
  const lines = answer.replace(/\r\n/g, '\n').split('\n');
  const openAt = lines.findIndex((line) => OPEN_FENCE.test(line));
  if (openAt >= 0) {
    const fence = OPEN_FENCE.exec(lines[openAt])![1];
    const closes = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let closeAt = -1;
    for (let i = lines.length - 1; i > openAt; i--) {
      if (closes.test(lines[i])) {
        closeAt = i;
        break;
      }
    }
    const inner = lines.slice(openAt + 1, closeAt < 0 ? lines.length : closeAt).join('\n');
    return inner.trim() === '' ? undefined : inner.replace(/^\s*\n/, '').trimEnd() + '\n';
  }
  const trimmed = answer.trim();
  return trimmed.startsWith('---') ? trimmed + '\n' : undefined;
}

/** Lints a drafted SKILL.md as if it lived in a folder named after its own `name`. */
export function checkDraft(text: string, unicodeNames = false): CheckedDraft {
  const first = analyzeSkillText(text, { folderName: 'new-skill', unicodeNames });
  const name = first.name?.trim();
  const analysis = name ? analyzeSkillText(text, { folderName: name, unicodeNames }) : first;
  const problems = analysis.problems;
  const errors = problems.filter((p) => p.severity === 'error');
  const description = analysis.description?.trim();
  if (!name || !description || analysis.bodyOffset === undefined) return { text, problems, errors };
  const body = text
    .replace(/^\uFEFF/, '')
    .slice(analysis.bodyOffset)
    .replace(/^(?:[ \t]*\r?\n)+/, '');
  return { text, draft: { name, description, body }, problems, errors };
}
