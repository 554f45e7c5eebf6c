// Where `skillsmith add` and Add Skill from Repository read skills from (docs/install.md): a
// Git URL, `owner/repo` (GitHub), or a local folder or clone. A URL is cloned with the
// user's own `git`, shallow, into a temporary folder, and pinned to the commit it got; a local
// clone is read in place and pinned to its HEAD. git runs with no shell, no prompt for
// credentials, and a timeout; every failure becomes a sentence that says what to do.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';

export class SourceError extends Error {}

export interface FetchedSource {
  /** The source made canonical: a Git URL, or an absolute local folder. */
  readonly source: string;
  /** The folder to read (a clone, or the local folder). */
  readonly root: string;
  /** The commit read; null for a local folder that is not a Git work tree. */
  readonly commit: string | null;
  /** Removes the temporary clone (a local folder is left alone). */
  dispose(): void;
}

const GIT_TIMEOUT_MS = 120_000;

/** `owner/repo` is GitHub's; a URL or scp-like address is Git's; anything else is a path. */
export function sourceKind(
  source: string,
): { readonly kind: 'git'; readonly url: string } | { readonly kind: 'path'; readonly path: string } {
  const trimmed = source.trim();
  if (/^(?:https?|ssh|git|file):\/\//i.test(trimmed) || /^[\w.-]+@[\w.-]+:/.test(trimmed))
    return { kind: 'git', url: trimmed };
  if (/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(trimmed) && !trimmed.startsWith('.') && !fs.existsSync(trimmed)) {
    return { kind: 'git', url: `https://github.com/${trimmed.replace(/\.git$/, '')}.git` };
  }
  return { kind: 'path', path: resolvePath(normalizePath(process.cwd()), trimmed) };
}

/** Runs git; resolves with its stdout, rejects with a SourceError that says why. */
export function runGit(args: readonly string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn('git', [...args], {
        cwd,
        shell: false,
        windowsHide: true,
        // Never wait for a password or a host-key question: fail instead.
        env: {
          ...process.env,
          GIT_TERMINAL_PROMPT: '0',
          GIT_ASKPASS: '',
          SSH_ASKPASS: '',
          GCM_INTERACTIVE: 'never',
          GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
        },
      });
    } catch (error) {
      reject(new SourceError(`cannot run git: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill(), GIT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new SourceError(
          error.code === 'ENOENT'
            ? 'git was not found on PATH: install Git, or give a local folder that holds the skills'
            : `cannot run git: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout.trim());
      else if (signal)
        reject(new SourceError(`git ${args[0]} took longer than ${GIT_TIMEOUT_MS / 1000} s and was stopped`));
      else
        reject(
          new SourceError(
            `git ${args[0]} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`}`,
          ),
        );
    });
  });
}

/** The commit of a local Git work tree, or null when the folder is not in one. */
async function headOf(folder: string): Promise<string | null> {
  try {
    const inside = await runGit(['-C', folder, 'rev-parse', '--is-inside-work-tree']);
    return inside === 'true' ? await runGit(['-C', folder, 'rev-parse', 'HEAD']) : null;
  } catch {
    // No git, or git refuses the folder: it is still readable, just not pinned to a commit.
    return null;
  }
}

/** Fetches `source` (at `ref`, a branch or tag, when given) for reading. */
export async function fetchSource(source: string, ref?: string): Promise<FetchedSource> {
  const kind = sourceKind(source);
  if (kind.kind === 'path') {
    const stat = fs.statSync(toNativePath(kind.path), { throwIfNoEntry: false });
    if (!stat) throw new SourceError(`${source} does not exist: give a Git URL, owner/repo, or a local folder`);
    if (!stat.isDirectory()) throw new SourceError(`${source} is not a folder`);
    if (ref === undefined)
      return {
        source: kind.path,
        root: kind.path,
        commit: await headOf(toNativePath(kind.path)),
        dispose: () => undefined,
      };
    // A ref names a commit, not the files checked out now: the local repository is cloned at
    // that ref, as a URL is, and the clone (never the user's own work tree) is read.
    if ((await headOf(toNativePath(kind.path))) === null)
      throw new SourceError(`--ref ${ref} needs a Git repository, and ${source} is a plain folder`);
    return { ...(await cloneAt(toNativePath(kind.path), ref, false)), source: kind.path };
  }
  return cloneAt(kind.url, ref, true);
}

/** A temporary clone of `from` at `ref` (its default branch when absent), removed by `dispose`. */
async function cloneAt(from: string, ref: string | undefined, shallow: boolean): Promise<FetchedSource> {
  const temp = fs.mkdtempSync(toNativePath(joinPath(normalizePath(os.tmpdir()), 'skillsmith-add-')));
  const dispose = () => fs.rmSync(temp, { recursive: true, force: true });
  try {
    await runGit([
      'clone',
      ...(shallow ? ['--depth', '1'] : []),
      '--quiet',
      '--no-tags',
      ...(ref ? ['--branch', ref] : []),
      '--',
      from,
      temp,
    ]);
    const commit = await runGit(['-C', temp, 'rev-parse', 'HEAD']);
    return { source: from, root: normalizePath(temp), commit, dispose };
  } catch (error) {
    dispose();
    if (error instanceof SourceError)
      throw new SourceError(`cannot clone ${from}: ${error.message.replace(/^git clone failed: /, '')}`);
    throw error;
  }
}

/**
 * Whether `commit` descends from `pinned` in the clone at `root`: true, false, or 'missing'
 * when `pinned` is not in the upstream at all (history rewritten and the old commit gone). A
 * shallow temporary clone (`mayDeepen`; never the user's own) is deepened first, so that the
 * answer is about the whole history.
 */
export async function descendsFrom(
  root: string,
  pinned: string,
  commit: string,
  mayDeepen: boolean,
): Promise<boolean | 'missing'> {
  const native = toNativePath(root);
  const shallow = await runGit(['-C', native, 'rev-parse', '--is-shallow-repository']).catch(() => 'false');
  if (mayDeepen && shallow === 'true')
    await runGit(['-C', native, 'fetch', '--quiet', '--unshallow']).catch(() => undefined);
  const known = await runGit(['-C', native, 'cat-file', '-e', `${pinned}^{commit}`]).then(
    () => true,
    () => false,
  );
  if (!known) return 'missing';
  return runGit(['-C', native, 'merge-base', '--is-ancestor', pinned, commit]).then(
    () => true,
    () => false,
  );
}
