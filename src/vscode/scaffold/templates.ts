// The skill templates shipped in `skills-templates/`: one folder per template with a
// template.json (label, detail for the picker) and the files to copy. Read through
// `workspace.fs`, so they work wherever the extension itself is installed.
import * as vscode from 'vscode';

/** The manifest of each template folder; never copied into a new skill. */
export const TEMPLATE_MANIFEST = 'template.json';

export interface SkillTemplate {
  /** The folder name, e.g. `minimal`: what `skillsmith.newSkill`'s `template` argument names. */
  readonly id: string;
  readonly label: string;
  readonly detail: string;
  readonly folder: vscode.Uri;
}

/** A file of a template, by its path relative to the template folder. */
export interface TemplateFile {
  readonly relativePath: string;
  readonly contents: Uint8Array;
}

/** Every template under `<extensionUri>/skills-templates/`, `minimal` first, then by label. */
export async function listTemplates(extensionUri: vscode.Uri): Promise<SkillTemplate[]> {
  const root = vscode.Uri.joinPath(extensionUri, 'skills-templates');
  const entries = await vscode.workspace.fs.readDirectory(root);
  const templates: SkillTemplate[] = [];
  for (const [id, type] of entries) {
    if (!(type & vscode.FileType.Directory)) continue;
    const folder = vscode.Uri.joinPath(root, id);
    try {
      const manifest: unknown = JSON.parse(
        Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, TEMPLATE_MANIFEST))).toString(
          'utf8',
        ),
      );
      if (typeof manifest !== 'object' || manifest === null) continue;
      const { label, detail } = manifest as Record<string, unknown>;
      templates.push({
        id,
        label: typeof label === 'string' ? label : id,
        detail: typeof detail === 'string' ? detail : '',
        folder,
      });
    } catch {
      // A folder without a readable manifest is not a template.
    }
  }
  return templates.sort(
    (a, b) => Number(b.id === 'minimal') - Number(a.id === 'minimal') || a.label.localeCompare(b.label),
  );
}

/** The files of a template, recursively, without its manifest. */
export async function readTemplateFiles(template: SkillTemplate): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  const walk = async (folder: vscode.Uri, prefix: string): Promise<void> => {
    for (const [name, type] of await vscode.workspace.fs.readDirectory(folder)) {
      const relativePath = prefix + name;
      const uri = vscode.Uri.joinPath(folder, name);
      if (type & vscode.FileType.Directory) await walk(uri, relativePath + '/');
      else if (relativePath !== TEMPLATE_MANIFEST)
        files.push({ relativePath, contents: await vscode.workspace.fs.readFile(uri) });
    }
  };
  await walk(template.folder, '');
  return files;
}
