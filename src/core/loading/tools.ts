// The three tools a model can call (SPEC §6): their contracts, input checks and results,
// with structured errors that say how to recover. Shared by the VS Code tools, the
// @skills participant and the CLI.
import type { CatalogEntry, SkillCatalog } from '../catalog/catalog';
import { expandSkill } from './expand';
import type { FileSystem } from '../base/fileSystem';
import { listBundledFiles, readFileInSkill, readSkillBody } from './skillFolder';
import { closestMatches, didYouMean } from '../base/suggest';
import { hasErrors } from '../base/types';

export type ToolErrorType = 'not_found' | 'invalid_input' | 'outside_skill' | 'too_large' | 'invalid_skill';

export interface ToolError {
  readonly type: ToolErrorType;
  readonly message: string;
  readonly suggestion?: string;
}

export type ToolResult =
  | { readonly ok: true; readonly text: string; readonly entry?: CatalogEntry }
  | { readonly ok: false; readonly error: ToolError };

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export const LIST_SKILLS_TOOL: ToolDefinition = {
  name: 'skillsmith_listSkills',
  description:
    'Lists the Agent Skills available in this workspace: one line per skill with its name and a description of what it does and when to use it, plus where the skills live. Call it when you need to know which skills exist.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

export const LOAD_SKILL_TOOL: ToolDefinition = {
  name: 'skillsmith_loadSkill',
  description:
    "Loads one Agent Skill's full instructions by name, with the user's arguments substituted. Call it before following a skill whose description matches the request, then follow the instructions it returns. The result also lists the files the skill bundles.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The skill's name, exactly as listed (for example 'code-review')." },
      args: { type: 'string', description: "Arguments for the skill: what the user asked it to work on. Optional." },
    },
    required: ['name'],
    additionalProperties: false,
  },
};

export const READ_SKILL_FILE_TOOL: ToolDefinition = {
  name: 'skillsmith_readSkillFile',
  description:
    "Reads a text file that a skill bundles (under its scripts/, references/ or assets/), by the skill's name and the file's path relative to the skill's folder. Use it when a loaded skill tells you to read one of its files. Files outside the skill's folder are refused.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The skill's name." },
      path: { type: 'string', description: "The file's path relative to the skill's folder, such as 'references/guide.md'." },
    },
    required: ['name', 'path'],
    additionalProperties: false,
  },
};

export interface ToolContext {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  /** The listing's character budget. */
  readonly budget: number;
  readonly unicodeNames?: boolean;
  /** True when the user, not the model, asked for the skill: hidden skills may load. */
  readonly explicitUserRequest?: boolean;
}

/** The JSON text of a structured error, as the model receives it. */
export function formatToolError(error: ToolError): string {
  return JSON.stringify({ error });
}

function fail(type: ToolErrorType, message: string, suggestion?: string): ToolResult {
  return { ok: false, error: suggestion ? { type, message, suggestion } : { type, message } };
}

/** Checks an input object against the allowed string properties; returns an error message or undefined. */
export function checkInput(input: unknown, required: readonly string[], optional: readonly string[] = []): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'The input must be a JSON object.';
  const record = input as Record<string, unknown>;
  for (const key of required) {
    if (typeof record[key] !== 'string' || (record[key] as string).trim() === '') return `'${key}' is required and must be a non-empty string.`;
  }
  for (const key of optional) {
    if (record[key] !== undefined && typeof record[key] !== 'string') return `'${key}' must be a string when given.`;
  }
  const unexpected = Object.keys(record).filter((k) => !required.includes(k) && !optional.includes(k));
  if (unexpected.length > 0) return `Unexpected propert${unexpected.length > 1 ? 'ies' : 'y'} ${unexpected.map((k) => `'${k}'`).join(', ')}; allowed: ${[...required, ...optional].join(', ')}.`;
  return undefined;
}

/** The listing with where the listed skills live. */
export function runListSkills(context: ToolContext, input: unknown = {}): ToolResult {
  const problem = checkInput(input ?? {}, []);
  if (problem) return fail('invalid_input', problem);
  const listing = context.catalog.listing(context.budget);
  if (listing.included.length === 0 && listing.dropped.length === 0) {
    return { ok: true, text: 'No skills are available. Skills are folders with a SKILL.md under skills/, .agents/skills, .github/skills or .claude/skills.' };
  }
  const byLocation = new Map<string, string[]>();
  for (const name of listing.included) {
    const entry = context.catalog.get(name);
    if (!entry) continue;
    const label = entry.record.location.label;
    byLocation.set(label, [...(byLocation.get(label) ?? []), name]);
  }
  let text = listing.text;
  if (listing.dropped.length > 0) {
    text += `\n\n(${listing.dropped.length} more skill${listing.dropped.length > 1 ? 's' : ''} not listed: the listing budget of ${listing.budget} characters ran out. They can still be loaded by name: ${listing.dropped.slice(0, 20).join(', ')}${listing.dropped.length > 20 ? ', …' : ''})`;
  }
  text += '\n\nLocations:\n' + [...byLocation].map(([label, names]) => `- ${label}: ${names.join(', ')}`).join('\n');
  return { ok: true, text };
}

/** Finds a skill by name for a tool, or the not-found error with "did you mean". */
function findSkill(context: ToolContext, name: string): { entry: CatalogEntry } | { error: ToolResult } {
  const entry = context.catalog.get(name.trim());
  if (entry) return { entry };
  // The model is only pointed at skills it may load; a user asking by name may run any.
  const candidates = context.explicitUserRequest ? context.catalog.names() : context.catalog.offered().map((e) => e.record.name);
  const suggestion = didYouMean(closestMatches(name, candidates));
  return { error: fail('not_found', `No skill named '${name}'.`, suggestion ?? 'Call skillsmith_listSkills to see the available skills.') };
}

/** Loads a skill: the expansion of SPEC §3, read fresh from disk. */
export async function runLoadSkill(context: ToolContext, input: unknown): Promise<ToolResult> {
  const problem = checkInput(input, ['name'], ['args']);
  if (problem) return fail('invalid_input', problem);
  const { name, args } = input as { name: string; args?: string };
  const found = findSkill(context, name);
  if ('error' in found) return found.error;
  const { entry } = found;
  if (entry.status === 'hidden' && !context.explicitUserRequest) {
    return fail('invalid_skill', `Skill '${entry.record.name}' sets disable-model-invocation: true, so only the user can run it.`, 'Ask the user to run it with /run.');
  }
  if (entry.status === 'untrusted') {
    return fail('invalid_skill', `Skill '${entry.record.name}' comes from a workspace that is not trusted yet.`, 'Ask the user to trust the workspace (Manage Workspace Trust).');
  }
  let skillBody;
  try {
    skillBody = await readSkillBody(context.fs, entry.record.filePath, context.unicodeNames);
  } catch (error) {
    return fail('not_found', `Skill '${entry.record.name}' could not be read: ${String(error instanceof Error ? error.message : error)}`);
  }
  const errors = skillBody.analysis.problems.filter((p) => p.severity === 'error');
  if (hasErrors(errors)) {
    const list = errors.map((p) => `${p.code} (line ${p.range.start.line + 1}): ${p.message}`).join('; ');
    return fail('invalid_skill', `Skill '${entry.record.name}' has errors and is not offered: ${list}`, `Fix ${entry.record.filePath}.`);
  }
  const bundledFiles = await listBundledFiles(context.fs, entry.record.dir);
  const text = expandSkill({
    skillDir: entry.record.dir,
    body: skillBody.body,
    args,
    bundledFiles,
    fileBytes: skillBody.fileBytes,
  });
  return { ok: true, text, entry };
}

/** Reads a file bundled with a skill, never outside its folder. */
export async function runReadSkillFile(context: ToolContext, input: unknown): Promise<ToolResult> {
  const problem = checkInput(input, ['name', 'path']);
  if (problem) return fail('invalid_input', problem);
  const { name, path } = input as { name: string; path: string };
  const found = findSkill(context, name);
  if ('error' in found) return found.error;
  const { entry } = found;
  if (entry.status === 'untrusted') {
    return fail('invalid_skill', `Skill '${entry.record.name}' comes from a workspace that is not trusted yet.`);
  }
  const result = await readFileInSkill(context.fs, entry.record.dir, path);
  if (result.ok) return { ok: true, text: result.text, entry };
  if (result.error.type === 'not_found') {
    const files = await listBundledFiles(context.fs, entry.record.dir);
    const suggestion = didYouMean(closestMatches(path, files)) ?? (files.length ? `Files in this skill: ${files.slice(0, 20).join(', ')}` : 'This skill bundles no files.');
    return fail('not_found', result.error.message, suggestion);
  }
  return fail(result.error.type, result.error.message);
}
