// The three tools a model can call (docs/tools.md): their input checks and results, with
// structured errors that say how to recover. Shared by the VS Code tools, the @skills
// participant and the CLI. Every access goes through the policy (core/access): the
// catalog's facts decide first, and the file as read now is asked about again, so that a
// skill broken or hidden on disk since the last scan is refused too.
import { decideAccess, type AccessRequest, type ModelRequest } from '../access/policy';
import { actionsSection, type RunConsent } from '../actions/actionTools';
import type { CatalogEntry, SkillCatalog } from '../catalog/catalog';
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, pathKey, toNativePath } from '../base/paths';
import { plural } from '../base/text';
import type { SkillLocation } from '../catalog/locations';
import { closestMatches, didYouMean } from '../base/suggest';
import { hasErrors, type Problem } from '../base/types';
import { expandSkill } from './expand';
import { listBundledFiles, readFileInSkill, readSkillBody, type NestedSkillServed } from './skillFolder';
import { LIST_SKILLS_TOOL, READ_SKILL_FILE_TOOL } from './toolDefinitions';

export type ToolErrorType =
  'not_found' | 'invalid_input' | 'outside_skill' | 'too_large' | 'invalid_skill' | 'not_allowed';

export interface ToolError {
  readonly type: ToolErrorType;
  readonly message: string;
  readonly suggestion?: string;
}

export type ToolResult =
  | {
      readonly ok: true;
      readonly text: string;
      readonly entry?: CatalogEntry;
      /** Errors of a skill the user looks at anyway (`/show`). */
      readonly problems?: readonly Problem[];
    }
  | { readonly ok: false; readonly error: ToolError };

/**
 * Who is asking: the model (a tool call), the user running a skill by name (`/run`, a
 * per-skill command, `skillsmith expand`), or the user looking at it without a model (`/show`).
 */
export type Requester = 'model' | 'user-run' | 'user-view';

export interface ToolContext {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  /** The listing's character budget. */
  readonly budget: number;
  readonly unicodeNames?: boolean;
  readonly requester: Requester;
  /** False when actions are turned off: loading a skill then does not list its actions. */
  readonly actionsEnabled?: boolean;
  /** The run-action tool's name where it differs from the editor's (the MCP server's run_action). */
  readonly runActionTool?: string;
  /** The list and read-file tools' names where they differ from the editor's (the MCP server's). */
  readonly listTool?: string;
  readonly readFileTool?: string;
  /** What the model is told about consent to a run (default: the user confirms each one). */
  readonly runConsent?: RunConsent;
  /**
   * Skills that the host calling the tools already lists to the model itself (VS Code's own
   * agent skills, by file path key): the list and load tools leave them out, saying why, so
   * that the model never gets a skill twice. Reading their files still works.
   */
  readonly listedByHost?: { readonly files: ReadonlySet<string>; readonly host: string };
}

/** The policy request for what a requester does with a skill. */
export function accessRequestFor(requester: Requester, what: ModelRequest): AccessRequest {
  if (requester === 'model') return { asker: 'model', what };
  if (requester === 'user-view') return { asker: 'user', what: 'view' };
  return { asker: 'user', what: what === 'run-action' ? 'run-action' : 'run' };
}

/**
 * A skill nested in another's folder is served through its parent only when it is offered
 * itself: a hidden or broken nested skill never reaches the model that way (docs/tools.md).
 */
export function offeredNestedSkills(catalog: SkillCatalog): NestedSkillServed {
  // Kept per catalog revision: a pass over every skill's files asks this once per skill, and
  // building it anew each time made that pass quadratic in the number of skills.
  const cached = nestedServedCache.get(catalog);
  if (cached?.revision === catalog.revision) return cached.served;
  const offered = new Set(catalog.offered().map((entry) => pathKey(entry.record.dir)));
  const served: NestedSkillServed = (dir) => offered.has(pathKey(dir));
  nestedServedCache.set(catalog, { revision: catalog.revision, served });
  return served;
}
const nestedServedCache = new WeakMap<SkillCatalog, { revision: number; served: NestedSkillServed }>();

/** The JSON text of a structured error, as the model receives it. */
export function formatToolError(error: ToolError): string {
  return JSON.stringify({ error });
}

function fail(type: ToolErrorType, message: string, suggestion?: string): ToolResult & { ok: false } {
  return { ok: false, error: suggestion ? { type, message, suggestion } : { type, message } };
}

/** Checks an input object against the allowed string properties; returns an error message or undefined. */
export function checkInput(
  input: unknown,
  required: readonly string[],
  optional: readonly string[] = [],
): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'The input must be a JSON object.';
  const record = input as Record<string, unknown>;
  for (const key of required) {
    if (typeof record[key] !== 'string' || record[key].trim() === '')
      return `'${key}' is required and must be a non-empty string.`;
  }
  for (const key of optional) {
    if (record[key] !== undefined && typeof record[key] !== 'string') return `'${key}' must be a string when given.`;
  }
  const unexpected = Object.keys(record).filter((k) => !required.includes(k) && !optional.includes(k));
  if (unexpected.length > 0)
    return `Unexpected propert${unexpected.length > 1 ? 'ies' : 'y'} ${unexpected.map((k) => `'${k}'`).join(', ')}; allowed: ${[...required, ...optional].join(', ')}.`;
  return undefined;
}

/** The listing with where the listed skills live. */
export function runListSkills(context: ToolContext, input: unknown = {}): ToolResult {
  const problem = checkInput(input ?? {}, []);
  if (problem) return fail('invalid_input', problem);
  const full = context.catalog.listing(context.budget);
  const byHost = context.listedByHost;
  const isLeftOut = (name: string) => {
    const entry = byHost && context.catalog.get(name);
    return entry ? byHost.files.has(pathKey(entry.record.filePath)) : false;
  };
  const leftOut = full.included.filter(isLeftOut);
  const listing =
    leftOut.length === 0
      ? full
      : {
          ...full,
          included: full.included.filter((name) => !isLeftOut(name)),
          text: full.text
            .split('\n')
            .filter((line) => !leftOut.some((name) => line.startsWith(`- ${name}:`)))
            .join('\n'),
        };
  if (listing.included.length === 0 && listing.dropped.length === 0) {
    if (leftOut.length > 0)
      return {
        ok: true,
        text: `Every skill here is already listed by ${byHost!.host} itself: use them from its own listing.`,
      };
    return {
      ok: true,
      text: 'No skills are available. Skills are folders with a SKILL.md under skills/, .agents/skills, .github/skills or .claude/skills.',
    };
  }
  // By location folder: in a multi-root workspace, `skills` of two folders are two locations.
  const byLocation = new Map<string, { location: SkillLocation; names: string[] }>();
  for (const name of listing.included) {
    const entry = context.catalog.get(name);
    if (!entry) continue;
    const { location } = entry.record;
    const group = byLocation.get(location.path) ?? { location, names: [] };
    group.names.push(name);
    byLocation.set(location.path, group);
  }
  const groups = [...byLocation.values()];
  const labelCount = (label: string) => groups.filter((g) => g.location.label === label).length;
  const labelOf = ({ location }: { location: SkillLocation }) =>
    labelCount(location.label) > 1 && location.root
      ? `${location.label} (in ${basenamePath(location.root)})`
      : location.label;
  let text = listing.text;
  if (listing.dropped.length > 0) {
    text += `\n\n(${plural(listing.dropped.length, 'more skill')} not listed: the listing budget of ${listing.budget} characters ran out. They can still be loaded by name: ${listing.dropped.slice(0, 20).join(', ')}${listing.dropped.length > 20 ? ', …' : ''})`;
  }
  text += '\n\nLocations:\n' + groups.map((group) => `- ${labelOf(group)}: ${group.names.join(', ')}`).join('\n');
  if (leftOut.length > 0)
    text += `\n\n(${plural(leftOut.length, 'skill')} left out: ${byHost!.host} lists ${leftOut.length === 1 ? 'it' : 'them'} itself: ${leftOut.slice(0, 20).join(', ')}${leftOut.length > 20 ? ', …' : ''}.)`;
  return { ok: true, text };
}

/** The names a requester may be pointed at: the model only at what it may use. */
function suggestibleNames(context: ToolContext): string[] {
  if (context.requester !== 'model') return context.catalog.names();
  return context.catalog.offered().map((e) => e.record.name);
}

function notFound(
  context: ToolContext,
  name: string,
  message = `No skill named '${name}'.`,
): ToolResult & { ok: false } {
  const suggestion = didYouMean(closestMatches(name, suggestibleNames(context)));
  return fail(
    'not_found',
    message,
    suggestion ?? `Call ${context.listTool ?? LIST_SKILLS_TOOL.name} to see the available skills.`,
  );
}

/** The refusal of the policy as a tool error; a skill hidden from the model is simply not found. */
function refused(
  context: ToolContext,
  entry: CatalogEntry,
  what: ModelRequest,
  facts = entry.standing,
): ToolResult | undefined {
  const decision = decideAccess(facts, accessRequestFor(context.requester, what));
  if (decision.allowed) return undefined;
  const { denial } = decision;
  if (denial.type === 'not_found') return notFound(context, entry.record.name);
  if (denial.reason === 'errors') {
    const errors = entry.problems.filter((p) => p.severity === 'error');
    const list = errors.map((p) => `${p.code} (line ${p.range.start.line + 1}): ${p.message}`).join('; ');
    return fail(
      'invalid_skill',
      `Skill '${entry.record.name}' has errors and is not offered${list ? `: ${list}` : '.'}`,
      `Fix ${toNativePath(entry.record.filePath)}.`,
    );
  }
  return fail(denial.type, denial.message, denial.suggestion);
}

/** The skill a tool names, when the requester may use it for `what`; otherwise the error. */
function findSkill(
  context: ToolContext,
  name: string,
  what: ModelRequest,
): { entry: CatalogEntry } | { error: ToolResult } {
  const entry = context.catalog.get(name.trim());
  if (!entry) return { error: notFound(context, name) };
  const refusal = refused(context, entry, what);
  return refusal ? { error: refusal } : { entry };
}

/** Loads a skill: the expansion (docs/expansion.md), read fresh from disk. */
export async function runLoadSkill(context: ToolContext, input: unknown): Promise<ToolResult> {
  const problem = checkInput(input, ['name'], ['args']);
  if (problem) return fail('invalid_input', problem);
  const { name, args } = input as { name: string; args?: string };
  const found = findSkill(context, name, 'load');
  if ('error' in found) return found.error;
  const { entry } = found;
  const byHost = context.listedByHost;
  if (byHost?.files.has(pathKey(entry.record.filePath))) {
    return fail(
      'not_found',
      `Skill '${entry.record.name}' is one of ${byHost.host}'s own skills: it lists the skill itself.`,
      `Use '${entry.record.name}' from ${byHost.host}'s own skill listing; its files can still be read with ${context.readFileTool ?? READ_SKILL_FILE_TOOL.name}, and its actions run.`,
    );
  }
  let skillBody;
  try {
    skillBody = await readSkillBody(context.fs, entry.record.filePath, context.unicodeNames);
  } catch (error) {
    return fail(
      'not_found',
      `Skill '${entry.record.name}' could not be read: ${String(error instanceof Error ? error.message : error)}`,
    );
  }
  // The file as it is now: asked about again, in case it broke or became hidden since the scan.
  const { analysis } = skillBody;
  const now = { ...entry, problems: analysis.problems };
  const refusal = refused(context, now, 'load', {
    ...entry.standing,
    hasErrors: hasErrors(analysis.problems),
    hidden: analysis.hidden,
  });
  if (refusal) return refusal;
  const bundledFiles = await listBundledFiles(context.fs, entry.record.dir, offeredNestedSkills(context.catalog));
  const text = expandSkill({
    skillDir: entry.record.dir,
    body: skillBody.body,
    args,
    bundledFiles,
    fileBytes: skillBody.fileBytes,
  });
  const actions =
    context.actionsEnabled === false
      ? undefined
      : await actionsSection(context.fs, entry.record.dir, context.runActionTool, context.runConsent);
  const full = actions ? `${text}\n\n${actions}` : text;
  const errors = analysis.problems.filter((p) => p.severity === 'error');
  return errors.length > 0 ? { ok: true, text: full, entry, problems: errors } : { ok: true, text: full, entry };
}

/** Reads a file bundled with a skill, never outside its folder. */
export async function runReadSkillFile(context: ToolContext, input: unknown): Promise<ToolResult> {
  const problem = checkInput(input, ['name', 'path']);
  if (problem) return fail('invalid_input', problem);
  const { name, path } = input as { name: string; path: string };
  const found = findSkill(context, name, 'read');
  if ('error' in found) return found.error;
  const { entry } = found;
  const nestedServed = offeredNestedSkills(context.catalog);
  const result = await readFileInSkill(context.fs, entry.record.dir, path, nestedServed);
  if (result.ok) return { ok: true, text: result.text, entry };
  if (result.error.type === 'not_found') {
    const files = await listBundledFiles(context.fs, entry.record.dir, nestedServed);
    const suggestion =
      didYouMean(closestMatches(path, files)) ??
      (files.length ? `Files in this skill: ${files.slice(0, 20).join(', ')}` : 'This skill bundles no files.');
    return fail('not_found', result.error.message, suggestion);
  }
  return fail(result.error.type, result.error.message);
}
