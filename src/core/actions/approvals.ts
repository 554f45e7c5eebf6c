// Approvals bound to content (docs/actions.md, "Approvals"): a user approves an action ahead of
// time, for agents that cannot ask (`skillsmith approve`, `skillsmith mcp --actions approved`).
// An approval records the action's declaration and the sha256 of every file of its skill (the
// MCP Skills extension's rule, that approval is bound to the whole file manifest, applied to an
// action: a script may load any file beside it, and the server cannot see which). A run goes
// ahead without a question only while all of that is unchanged; otherwise the difference says
// which field or file changed. Pure: the digest and the store come from the caller.
import type { FileSystem } from '../base/fileSystem';
import { MAX_BUNDLED_FILES_WALKED } from '../base/limits';
import { joinPath, pathKey } from '../base/paths';
import { listBundledFiles } from '../loading/skillFolder';
import type { ActionDeclaration } from './declaration';

/** What an approval holds: which action of which folder, as declared, over which bytes. */
export interface ActionApproval {
  readonly skill: string;
  /** The skill's folder (canonical form): an approval never follows a name to another copy. */
  readonly folder: string;
  readonly action: string;
  /** The declaration as read from actions.json when it was approved. */
  readonly declaration: ActionDeclaration;
  /** Every file of the skill, relative path → `sha256:<hex>`. */
  readonly files: Readonly<Record<string, string>>;
  /** ISO time of the approval (shown by `--list`; never compared). */
  readonly approvedAt: string;
}

/** The content an approval is compared against: the declaration and every file's digest now. */
export interface ActionManifest {
  readonly declaration: ActionDeclaration;
  readonly files: Readonly<Record<string, string>>;
}

export type ManifestResult =
  { readonly ok: true; readonly manifest: ActionManifest } | { readonly ok: false; readonly message: string };

/** sha256 of some bytes as `sha256:<hex>` (src/node/sha256.ts in Node). */
export type Digest = (bytes: Uint8Array) => string;

/** The key of an approval: its folder and its action. */
export function approvalKey(folder: string, action: string): string {
  return `${pathKey(folder)}\0${action}`;
}

/**
 * The manifest of one action now: its declaration and the digest of SKILL.md and every file
 * the skill bundles. Refused when the skill has more files than a walk reads (some would go
 * unbound) or a file cannot be read.
 */
export async function actionManifest(
  fs: FileSystem,
  digest: Digest,
  skillDir: string,
  declaration: ActionDeclaration,
): Promise<ManifestResult> {
  const bundled = await listBundledFiles(fs, skillDir);
  if (bundled.length >= MAX_BUNDLED_FILES_WALKED)
    return {
      ok: false,
      message: `The skill has ${MAX_BUNDLED_FILES_WALKED} files or more, so an approval could not cover every file its action may read.`,
    };
  const files: Record<string, string> = {};
  for (const path of ['SKILL.md', ...bundled]) {
    try {
      files[path] = digest(await fs.readFile(joinPath(skillDir, path)));
    } catch (error) {
      return {
        ok: false,
        message: `The file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  return { ok: true, manifest: { declaration, files } };
}

/** A stable text of a value: objects with sorted keys, so that a key's order is no difference. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The declaration's fields as actions.json names them. */
const FIELD_NAMES: Record<keyof ActionDeclaration, string> = {
  name: 'name',
  description: 'description',
  run: 'run',
  input: 'input',
  output: 'output',
  timeoutSeconds: 'timeoutSeconds',
  maxConcurrent: 'maxConcurrent',
  secrets: 'secrets',
  isDefault: 'default',
};

/** Every difference between what was approved and what is there now, one sentence each; empty when none. */
export function approvalDifferences(approved: ActionManifest, now: ActionManifest): string[] {
  const out: string[] = [];
  for (const [field, name] of Object.entries(FIELD_NAMES) as [keyof ActionDeclaration, string][]) {
    const before = approved.declaration[field];
    const after = now.declaration[field];
    if (stable(before) !== stable(after))
      out.push(`'${name}' in actions.json changed: ${short(stable(before))} is now ${short(stable(after))}.`);
  }
  for (const [path, digest] of Object.entries(approved.files)) {
    const current = now.files[path];
    if (current === undefined) out.push(`The file ${path} was removed.`);
    else if (current !== digest)
      out.push(`The file ${path} changed (${digest.slice(0, 19)}… is now ${current.slice(0, 19)}…).`);
  }
  for (const path of Object.keys(now.files)) if (!(path in approved.files)) out.push(`The file ${path} was added.`);
  return out;
}

/** At most 120 characters of a value's text. */
function short(text: string): string {
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The store of approvals: one user's, outside every workspace (src/node/approvalStore.ts). */
export interface ApprovalStore {
  /** Where it is kept, for messages. */
  readonly location: string;
  all(): Promise<readonly ActionApproval[]>;
  find(folder: string, action: string): Promise<ActionApproval | undefined>;
  /** Adds or replaces the approval of its folder and action. */
  put(approval: ActionApproval): Promise<void>;
  /** Removes the approvals of a folder (one action, or all of them); returns how many went. */
  remove(folder: string, action?: string): Promise<number>;
}
