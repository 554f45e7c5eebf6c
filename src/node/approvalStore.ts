// The approvals of one user (docs/actions.md, "Approvals"), in one JSON file outside every
// workspace: SKILLSMITH_APPROVALS when set (tests use a temp file), else the user's config
// folder (`$XDG_CONFIG_HOME/skillsmith/approvals.json`, `~/.config/…`, `%APPDATA%\skillsmith\…`
// on Windows, `~/Library/Application Support/skillsmith/…` on macOS). A repository cannot
// approve its own actions: a store inside one of the workspace roots is refused. A file that
// cannot be read as approvals is never overwritten; every write is a temp file renamed over it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { ActionApproval, ApprovalStore } from '../core/actions/approvals';
import { approvalKey } from '../core/actions/approvals';
import { dirnamePath, isInside, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';

const FILE_VERSION = 1;

/** Where the approvals are kept for this process's user. */
export function approvalsPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const override = env.SKILLSMITH_APPROVALS;
  if (override) return resolvePath(normalizePath(process.cwd()), override);
  const home = normalizePath(os.homedir());
  const base =
    process.platform === 'win32'
      ? env.APPDATA
        ? normalizePath(env.APPDATA)
        : joinPath(home, 'AppData', 'Roaming')
      : process.platform === 'darwin'
        ? joinPath(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME
          ? normalizePath(env.XDG_CONFIG_HOME)
          : joinPath(home, '.config');
  return joinPath(base, 'skillsmith', 'approvals.json');
}

/** The account's home from the system, not from HOME (which a project's server configuration can set). */
function accountHome(): string {
  try {
    return normalizePath(os.userInfo().homedir);
  } catch {
    return normalizePath(os.homedir());
  }
}

/**
 * Why a store at `file` may not be used with these workspace roots; undefined when it may. A
 * project's own configuration can set the server's environment (Claude Code's `.mcp.json` does),
 * so a store inside a root is refused, however it was named; a root that holds the user's home
 * (a workspace opened at `~`) is not a repository that could ship the file.
 */
export function storeProblem(file: string, roots: readonly string[], home: string = accountHome()): string | undefined {
  const inside = roots.find((root) => isInside(file, root) && !isInside(home, root));
  return inside === undefined
    ? undefined
    : `The approvals file ${toNativePath(file)} is inside the workspace ${toNativePath(inside)}: a repository cannot approve its own actions. Keep it in your own folder (unset SKILLSMITH_APPROVALS).`;
}

function isApproval(value: unknown): value is ActionApproval {
  const v = value as Partial<ActionApproval> | null;
  return (
    !!v &&
    typeof v.skill === 'string' &&
    typeof v.folder === 'string' &&
    typeof v.action === 'string' &&
    !!v.declaration &&
    typeof v.declaration === 'object' &&
    !!v.files &&
    typeof v.files === 'object' &&
    Object.values(v.files).every((d) => typeof d === 'string') &&
    typeof v.approvedAt === 'string'
  );
}

/** The store in one file. Reads it at each call: another process (the CLI) may have written it. */
export class FileApprovalStore implements ApprovalStore {
  constructor(readonly location: string) {}

  private read(): ActionApproval[] {
    let text: string;
    try {
      text = fs.readFileSync(toNativePath(this.location), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Error(`The approvals file ${toNativePath(this.location)} cannot be read: ${String(error)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(
        `The approvals file ${toNativePath(this.location)} is not valid JSON; it is left as it is (fix or remove it).`,
      );
    }
    const approvals = (parsed as { approvals?: unknown } | null)?.approvals;
    if (!Array.isArray(approvals) || !approvals.every(isApproval))
      throw new Error(
        `The approvals file ${toNativePath(this.location)} does not hold approvals; it is left as it is (fix or remove it).`,
      );
    return approvals;
  }

  private write(approvals: readonly ActionApproval[]): void {
    const file = toNativePath(this.location);
    fs.mkdirSync(toNativePath(dirnamePath(this.location)), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    const fd = fs.openSync(temp, 'w', 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify({ version: FILE_VERSION, approvals }, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.renameSync(temp, file);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      throw error;
    }
  }

  async all(): Promise<readonly ActionApproval[]> {
    return this.read();
  }

  async find(folder: string, action: string): Promise<ActionApproval | undefined> {
    const key = approvalKey(folder, action);
    return this.read().find((a) => approvalKey(a.folder, a.action) === key);
  }

  async put(approval: ActionApproval): Promise<void> {
    // Read first: a file that is not approvals is never overwritten.
    const all = this.read();
    const key = approvalKey(approval.folder, approval.action);
    this.write([...all.filter((a) => approvalKey(a.folder, a.action) !== key), approval]);
  }

  async remove(folder: string, action?: string): Promise<number> {
    const all = this.read();
    const kept = all.filter((a) =>
      action === undefined
        ? approvalKey(a.folder, '') !== approvalKey(folder, '')
        : approvalKey(a.folder, a.action) !== approvalKey(folder, action),
    );
    if (kept.length !== all.length) this.write(kept);
    return all.length - kept.length;
  }
}
