// The one place that joins, normalises and compares file-system paths. Every path the core
// holds is absolute and in one canonical form, whatever the platform:
//   POSIX     /home/me/skills/x/SKILL.md
//   Windows   C:/Users/me/skills/x/SKILL.md      (forward slashes, drive letter upper-case)
//   UNC       //server/share/skills/x/SKILL.md
// Node's fs and VS Code's Uri.file accept this form everywhere, so one string per file is
// enough. Comparisons ignore case where the platform's disk does (Windows and macOS, as VS
// Code's own path comparison does); `toNativePath` gives back what a user of the platform
// expects to read.

/** How paths behave on one platform. */
export interface PathFlavor {
  /** Backslashes separate, and drive letters and UNC shares are roots. */
  readonly windows: boolean;
  /** The disk treats `A` and `a` as the same name. */
  readonly ignoreCase: boolean;
}

export const POSIX_PATHS: PathFlavor = { windows: false, ignoreCase: false };
export const WINDOWS_PATHS: PathFlavor = { windows: true, ignoreCase: true };
export const MACOS_PATHS: PathFlavor = { windows: false, ignoreCase: true };

function hostFlavor(): PathFlavor {
  const platform = typeof process === 'object' ? process.platform : 'linux';
  if (platform === 'win32') return WINDOWS_PATHS;
  if (platform === 'darwin') return MACOS_PATHS;
  return POSIX_PATHS;
}

/** The flavor of the platform this code runs on. */
export const HOST_PATHS: PathFlavor = hostFlavor();

interface ParsedPath {
  /** `/`, `C:/`, `//server/share/`, or `` for a relative path. */
  readonly root: string;
  readonly segments: readonly string[];
}

const DRIVE = /^([a-zA-Z]):(?:\/|$)/;
const UNC = /^\/\/([^/]+)\/([^/]+)(?:\/|$)/;

function parse(input: string, flavor: PathFlavor): ParsedPath {
  const text = flavor.windows ? input.replace(/\\/g, '/') : input;
  let root = '';
  let rest = text;
  if (flavor.windows) {
    const drive = DRIVE.exec(text);
    const unc = drive ? null : UNC.exec(text);
    if (drive) {
      root = `${drive[1].toUpperCase()}:/`;
      rest = text.slice(drive[0].length);
    } else if (unc) {
      root = `//${unc[1]}/${unc[2]}/`;
      rest = text.slice(unc[0].length);
    }
  }
  if (root === '' && text.startsWith('/')) {
    root = '/';
    rest = text.replace(/^\/+/, '');
  }
  const segments: string[] = [];
  for (const segment of rest.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length > 0 && segments[segments.length - 1] !== '..') segments.pop();
      else if (root === '') segments.push('..');
      continue;
    }
    segments.push(segment);
  }
  return { root, segments };
}

/** True for `/`, `C:/`, `//srv/share/` and the like, and for a bare UNC share `//srv/share`. */
function isRootPrefix(prefix: string): boolean {
  return prefix === '/' || /^[A-Za-z]:\/$/.test(prefix) || /^\/\/[^/]+\/[^/]+\/?$/.test(prefix);
}

function format(parsed: ParsedPath): string {
  const joined = parsed.segments.join('/');
  if (parsed.root === '') return joined === '' ? '.' : joined;
  return parsed.root + joined;
}

// A path with nothing to normalise: no `//` (but a UNC start), no `.` or `..` segment, no
// trailing slash. Most paths the core builds are already canonical, and a scan joins and
// splits tens of thousands of them, so these are answered without parsing.
const NEEDS_WORK = /.\/\/|\/\.\.?(?:\/|$)|^\.\.?(?:\/|$)|.\/$/;

function isCanonical(path: string, flavor: PathFlavor): boolean {
  if (path === '' || NEEDS_WORK.test(path)) return false;
  if (!flavor.windows) return !path.startsWith('//');
  if (path.includes('\\') || /^\/\/[^/]+\/[^/]+$/.test(path)) return false;
  const code = path.charCodeAt(0);
  // A lower-case drive letter (`c:`) is not canonical; neither is a bare `C:`.
  if (path.charCodeAt(1) === 58 /* : */) return code >= 65 && code <= 90 && path.charCodeAt(2) === 47; /* / */
  return true;
}

/** The canonical form of a path: separators unified, `.` and `..` resolved, no trailing slash. */
export function normalizePath(path: string, flavor: PathFlavor = HOST_PATHS): string {
  return isCanonical(path, flavor) ? path : format(parse(path, flavor));
}

/** True for `/x`, and on Windows also for `C:/x`, `C:\x` and `\\server\share`. */
export function isAbsolutePath(path: string, flavor: PathFlavor = HOST_PATHS): boolean {
  return parse(path, flavor).root !== '';
}

/** Joins segments onto a base path and normalises the result. */
export function joinPath(base: string, ...segments: readonly string[]): string {
  return normalizePath(base.endsWith('/') ? base + segments.join('/') : [base, ...segments].join('/'));
}

/** `path` made absolute against `base` when it is relative (as `path.resolve` does). */
export function resolvePath(base: string, path: string, flavor: PathFlavor = HOST_PATHS): string {
  return isAbsolutePath(path, flavor) ? normalizePath(path, flavor) : normalizePath(`${base}/${path}`, flavor);
}

/** The folder that holds `path` (a root is its own folder). */
export function dirnamePath(path: string, flavor: PathFlavor = HOST_PATHS): string {
  if (isCanonical(path, flavor)) {
    const slash = path.lastIndexOf('/');
    // Below a root (`/a/b`, `C:/a/b`, `//srv/share/a/b`): cut at the last slash.
    if (slash > 0 && !isRootPrefix(path.slice(0, slash + 1))) return path.slice(0, slash);
  }
  const parsed = parse(path, flavor);
  if (parsed.segments.length === 0) return format(parsed);
  return format({ root: parsed.root, segments: parsed.segments.slice(0, -1) });
}

/** The last segment of `path` (empty for a root). */
export function basenamePath(path: string, flavor: PathFlavor = HOST_PATHS): string {
  if (isCanonical(path, flavor) && !path.endsWith('/')) {
    const slash = path.lastIndexOf('/');
    if (slash >= 0 && !isRootPrefix(path)) return path.slice(slash + 1);
  }
  const segments = parse(path, flavor).segments;
  return segments.length === 0 ? '' : segments[segments.length - 1];
}

/** The segments of a relative path (`a/b/c` → a, b, c). */
export function pathSegments(path: string, flavor: PathFlavor = HOST_PATHS): string[] {
  return [...parse(path, flavor).segments];
}

/** The key under which two spellings of the same file compare equal (case folded where the disk ignores case). */
export function pathKey(path: string, flavor: PathFlavor = HOST_PATHS): string {
  const normalized = normalizePath(path, flavor);
  return flavor.ignoreCase ? normalized.toLowerCase() : normalized;
}

/** True when both paths name the same place. */
export function samePath(a: string, b: string, flavor: PathFlavor = HOST_PATHS): boolean {
  return pathKey(a, flavor) === pathKey(b, flavor);
}

/** True when `child` is `parent` or lies below it. */
export function isInside(child: string, parent: string, flavor: PathFlavor = HOST_PATHS): boolean {
  const childKey = pathKey(child, flavor);
  const parentKey = pathKey(parent, flavor);
  if (childKey === parentKey) return true;
  return childKey.startsWith(parentKey.endsWith('/') ? parentKey : parentKey + '/');
}

/**
 * The path of `to` relative to `from`, with `/` separators: `` when they are the same,
 * `a/b` below it, `../x` beside it. Undefined when they have different roots (two drives).
 */
export function relativePath(from: string, to: string, flavor: PathFlavor = HOST_PATHS): string | undefined {
  const a = parse(from, flavor);
  const b = parse(to, flavor);
  const fold = (s: string) => (flavor.ignoreCase ? s.toLowerCase() : s);
  if (fold(a.root) !== fold(b.root)) return undefined;
  let common = 0;
  while (
    common < a.segments.length &&
    common < b.segments.length &&
    fold(a.segments[common]) === fold(b.segments[common])
  )
    common++;
  const up = a.segments.slice(common).map(() => '..');
  return [...up, ...b.segments.slice(common)].join('/');
}

/** The form a user of the platform reads: backslashes on Windows. */
export function toNativePath(path: string, flavor: PathFlavor = HOST_PATHS): string {
  return flavor.windows ? path.replace(/\//g, '\\') : path;
}

/** `~` and `~/x` resolved against the home folder; other paths unchanged. */
export function expandHome(path: string, home: string, flavor: PathFlavor = HOST_PATHS): string {
  if (path === '~') return normalizePath(home, flavor);
  if (path.startsWith('~/') || (flavor.windows && path.startsWith('~\\')))
    return normalizePath(`${home}/${path.slice(2)}`, flavor);
  return path;
}

/**
 * True for a path that is absolute, or rooted, on any platform: `/x`, `\x`, `C:x`, `C:\x`,
 * `\\server\share`, `~`. What a model gives as "relative" must pass this on every platform.
 */
export function isAbsoluteOnAnyPlatform(path: string): boolean {
  return /^(?:[\\/]|[a-zA-Z]:|~)/.test(path);
}

/** The segments of a path split at either separator, nothing resolved (`a\..\b` → a, .., b). */
export function rawSegments(path: string): string[] {
  return path.split(/[\\/]+/).filter((segment) => segment !== '');
}
