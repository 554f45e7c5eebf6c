// The New Skill command: template → name → description → location, then the files
// are created (never overwriting anything), the new SKILL.md opens with the cursor in
// its body, and the catalog holds the skill before the command returns. Every prompt
// can be skipped with an argument, which is how the tests and the chat participant's
// `/new` flow drive it (its Create button hands over the whole drafted SKILL.md, which is
// written as it is); Escape at any step ends it with nothing written.
import * as vscode from 'vscode';
import { locationOf } from '../../core/catalog/locations';
import { reachText } from '../../core/hosts/hostNames';
import { analyzeSkillText } from '../../core/lint/analyze';
import { scaffoldLocationChoices } from './locationChoices';
import { checkDescription, checkSkillName, type InputProblem, type NameCheckContext } from './inputValidation';
import { joinPath, normalizePath, resolvePath } from '../../core/base/paths';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';
import { closingFenceLine, renderSkillFile } from './skillTemplate';
import { listTemplates, readTemplateFiles, type SkillTemplate } from './templates';
import { inBackground } from '../background';

/** The optional argument of `skillsmith.newSkill`: each field skips its prompt. */
export interface NewSkillArgs {
  /** A template folder name (`minimal`, `with-references`, ...). */
  readonly template?: string;
  readonly name?: string;
  readonly description?: string;
  /** The location folder: a Uri, or a path (absolute, or relative to the first workspace folder). */
  readonly location?: string | vscode.Uri;
  /** Replaces the template's body; the template then defaults to `minimal`. */
  readonly body?: string;
  /**
   * A complete SKILL.md (the chat's `/new` draft), written as it is, every field kept; no
   * template is used. Its frontmatter's name and description stand in for missing ones.
   */
  readonly content?: string;
}

/** A file to create, by its path relative to the new skill's folder. */
interface NewFile {
  readonly relativePath: string;
  readonly contents: Uint8Array;
}

/** Where the new files come from: a template filled with the fields, or a complete SKILL.md. */
type SkillSource = { readonly template: SkillTemplate } | { readonly content: string };

const TITLE = 'New Skill';

function fail(services: SkillsmithServices, message: string): undefined {
  services.log.warn(message);
  inBackground(services.log, 'an error message', vscode.window.showErrorMessage(message));
  return undefined;
}

function toValidationMessage(problem: InputProblem | undefined): vscode.InputBoxValidationMessage | undefined {
  if (!problem) return undefined;
  const severity =
    problem.severity === 'error' ? vscode.InputBoxValidationSeverity.Error : vscode.InputBoxValidationSeverity.Warning;
  return { message: problem.message, severity };
}

/** New Skill (README.md, "New Skill from templates"): asks for what it needs, writes the skill, never over anything. */
export async function newSkill(services: SkillsmithServices, given: NewSkillArgs): Promise<vscode.Uri | undefined> {
  const unicodeNames = readSettings().unicodeNames;
  const args = given.content !== undefined ? withFieldsOf(given.content, given, unicodeNames) : given;
  let source: SkillSource;
  if (args.content !== undefined) {
    source = { content: args.content };
  } else {
    const template = await chooseTemplate(services, args);
    if (!template) return undefined;
    source = { template };
  }

  // The location is known up front when given, or when there is only one candidate.
  let location = args.location !== undefined ? resolveLocationArg(services, args.location) : undefined;
  const choices = location === undefined ? await scaffoldLocationChoices(services) : [];
  if (location === undefined && choices.length === 1) location = choices[0].location.path;
  if (location === undefined && choices.length === 0)
    return fail(services, 'New Skill: open a folder first; skills live in a workspace folder.');
  const nameContext: NameCheckContext = { catalog: services.catalog, fs: services.fs, unicodeNames, location };

  const name = await chooseName(args, nameContext, unicodeNames);
  if (name === undefined) return undefined;
  const nameProblem = await checkSkillName(name, nameContext);
  if (nameProblem?.severity === 'error')
    return fail(services, `New Skill: cannot create '${name}'. ${nameProblem.message}`);

  const description = await chooseDescription(args);
  if (description === undefined) return undefined;
  const descriptionProblem = checkDescription(description);
  if (descriptionProblem?.severity === 'error') return fail(services, `New Skill: ${descriptionProblem.message}`);

  if (location === undefined) {
    const picked = await vscode.window.showQuickPick(
      choices.map((choice) => ({
        label: choice.location.label,
        description: [
          choice.description,
          choice.exists ? undefined : 'new folder',
          reachText(choice.hosts, choice.missing),
        ]
          .filter(Boolean)
          .join(' · '),
        detail: choice.location.path,
        path: choice.location.path,
      })),
      { title: `${TITLE}: location`, placeHolder: `Where should '${name}' live?`, ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    location = picked.path;
  }
  if ('content' in source) {
    return createSkill(
      services,
      [{ relativePath: 'SKILL.md', contents: Buffer.from(source.content, 'utf8') }],
      name,
      location,
      'a complete SKILL.md',
    );
  }
  const files = await templateFiles(source.template, { name, description: description.trim(), body: args.body });
  return createSkill(services, files, name, location, `the '${source.template.id}' template`);
}

/** `args` with the name and description that a complete SKILL.md gives, where they are missing. */
function withFieldsOf(content: string, args: NewSkillArgs, unicodeNames: boolean): NewSkillArgs {
  const analysis = analyzeSkillText(content, { folderName: args.name ?? '', unicodeNames });
  return { ...args, name: args.name ?? analysis.name?.trim(), description: args.description ?? analysis.description };
}

/** The template's files, its SKILL.md filled with the fields. */
async function templateFiles(
  template: SkillTemplate,
  fields: { name: string; description: string; body?: string },
): Promise<NewFile[]> {
  return (await readTemplateFiles(template)).map((file) =>
    file.relativePath === 'SKILL.md'
      ? {
          relativePath: file.relativePath,
          contents: Buffer.from(renderSkillFile(Buffer.from(file.contents).toString('utf8'), fields), 'utf8'),
        }
      : file,
  );
}

async function chooseTemplate(services: SkillsmithServices, args: NewSkillArgs): Promise<SkillTemplate | undefined> {
  const templates = await listTemplates(services.extensionUri);
  const wanted = args.template ?? (args.body !== undefined ? 'minimal' : undefined);
  if (wanted !== undefined) {
    const found = templates.find((t) => t.id === wanted);
    if (!found)
      return fail(
        services,
        `New Skill: no template named '${wanted}' (known: ${templates.map((t) => t.id).join(', ')}).`,
      );
    return found;
  }
  const picked = await vscode.window.showQuickPick(
    templates.map((template) => ({ label: template.label, detail: template.detail, template })),
    {
      title: `${TITLE}: template`,
      placeHolder: 'Start from which template?',
      matchOnDetail: true,
      ignoreFocusOut: true,
    },
  );
  return picked?.template;
}

async function chooseName(
  args: NewSkillArgs,
  context: NameCheckContext,
  unicodeNames: boolean,
): Promise<string | undefined> {
  const normalize = (value: string) => (unicodeNames ? value.trim().normalize('NFKC') : value.trim());
  if (args.name !== undefined) return normalize(args.name);
  const typed = await vscode.window.showInputBox({
    title: `${TITLE}: name`,
    prompt: "The skill's name: also its folder name (lowercase, words separated by hyphens).",
    placeHolder: 'code-review',
    ignoreFocusOut: true,
    validateInput: async (value) => toValidationMessage(await checkSkillName(normalize(value), context)),
  });
  return typed === undefined ? undefined : normalize(typed);
}

async function chooseDescription(args: NewSkillArgs): Promise<string | undefined> {
  if (args.description !== undefined) return args.description;
  return vscode.window.showInputBox({
    title: `${TITLE}: description`,
    prompt: 'What the skill does and when to use it: agents read this to decide when to load it.',
    placeHolder: 'Reviews code against the team conventions. Use when asked for a code review.',
    ignoreFocusOut: true,
    validateInput: (value) => toValidationMessage(checkDescription(value)),
  });
}

function resolveLocationArg(services: SkillsmithServices, location: string | vscode.Uri): string {
  if (location instanceof vscode.Uri) return services.fs.toPath(location);
  const root = vscode.workspace.workspaceFolders?.[0];
  return root ? resolvePath(services.fs.toPath(root.uri), location) : normalizePath(location);
}

/** Writes `files` into `<location>/<name>/`, refusing to touch anything that exists; `source` is for the log. */
async function createSkill(
  services: SkillsmithServices,
  files: readonly NewFile[],
  name: string,
  location: string,
  source: string,
): Promise<vscode.Uri | undefined> {
  const folder = joinPath(location, name);
  if (await services.fs.stat(folder).catch(() => undefined)) {
    return fail(services, `New Skill: ${folder} already exists; nothing was written. Choose another name.`);
  }
  const edit = new vscode.WorkspaceEdit();
  let skillFile: vscode.Uri | undefined;
  for (const file of files) {
    const uri = services.fs.toUri(joinPath(folder, file.relativePath));
    if (file.relativePath === 'SKILL.md') skillFile = uri;
    edit.createFile(uri, { overwrite: false, ignoreIfExists: false, contents: file.contents });
  }
  if (!skillFile) return fail(services, `New Skill: ${source} has no SKILL.md.`);
  if (!(await vscode.workspace.applyEdit(edit)))
    return fail(services, `New Skill: could not create the files in ${folder}.`);
  services.log.info(`New Skill: created ${folder} from ${source}.`);

  if (!locationOf(folder, services.watcher.locations)) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage(
        `${location} is not among the skill locations (skillsmith.locations), so '${name}' will not be in the catalog.`,
      ),
    );
  }
  await services.watcher.refreshPath(folder);
  await openInBody(skillFile);
  return skillFile;
}

/** Opens the SKILL.md with the cursor on the first line after the frontmatter. */
async function openInBody(uri: vscode.Uri): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  const fence = closingFenceLine(document.getText());
  const position =
    fence >= 0 && fence + 1 < document.lineCount
      ? new vscode.Position(fence + 1, 0)
      : document.lineAt(document.lineCount - 1).range.end;
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), preview: false });
}
