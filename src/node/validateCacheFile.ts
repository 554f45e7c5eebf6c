// Where `validate --cache` keeps its file, and how it is read and written (docs/cli.md). By
// default the file lies in the user's cache folder, one per working folder, never in the project:
// a repository cannot ship a cache that says its skills are clean. It is keyed by the code that
// wrote it (Skillsmith's version and a digest of the bundle's own files, so that a rebuilt
// development copy does not reuse an older lint's verdicts) and the options that change a lint.
// A write goes to a temporary file renamed over the old one: an interrupted run leaves the old
// cache or the new one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createHash } from 'node:crypto';
import { dirnamePath, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { parseValidateCache, serializeValidateCache, type ValidateCacheData } from '../core/validate/validateCache';
import { sha256Digest } from './sha256';

/** The user's cache folder, as each platform has it. */
function userCacheFolder(env: Readonly<Record<string, string | undefined>>): string {
  const home = normalizePath(os.homedir());
  if (process.platform === 'win32')
    return env.LOCALAPPDATA ? normalizePath(env.LOCALAPPDATA) : joinPath(home, 'AppData', 'Local');
  if (process.platform === 'darwin') return joinPath(home, 'Library', 'Caches');
  return env.XDG_CACHE_HOME ? normalizePath(env.XDG_CACHE_HOME) : joinPath(home, '.cache');
}

/** The default cache file for validate run in `cwd`. */
export function defaultValidateCachePath(
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const id = createHash('sha256').update(cwd).digest('hex').slice(0, 16);
  return joinPath(userCacheFolder(env), 'skillsmith', 'validate', `${id}.json`);
}

/**
 * The key of this build and these options: the version, and the digest of the JavaScript files
 * beside this bundle (dist/), which hold every rule the lint runs.
 */
export function validateCacheKey(version: string, options: Readonly<Record<string, unknown>>): string {
  const hash = createHash('sha256');
  const dir = __dirname;
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .sort())
    hash
      .update(name)
      .update('\0')
      .update(fs.readFileSync(`${dir}/${name}`));
  return `${version} ${hash.digest('hex').slice(0, 32)} ${JSON.stringify(options)}`;
}

/** The cache's data, undefined when there is none yet; `warn` says why a cache that exists was not trusted. */
export function readValidateCacheFile(
  file: string,
  key: string,
  warn: (message: string) => void,
): ValidateCacheData | undefined {
  let text: string;
  try {
    text = fs.readFileSync(toNativePath(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(`cannot read the cache ${toNativePath(file)} (${(error as Error).message}): every skill is validated`);
    return undefined;
  }
  const parsed = parseValidateCache(text, key, sha256Digest);
  if ('ignored' in parsed) {
    warn(
      `the cache ${toNativePath(file)} is ignored: ${parsed.ignored}. Every skill is validated, and it is written anew`,
    );
    return undefined;
  }
  return parsed.data;
}

/**
 * `--cache` and `--cache-location FILE` (either turns the cache on): the previous run's data when
 * it can be trusted, and how to keep this run's. Undefined when neither is given.
 */
export function openValidateCache(
  on: boolean,
  location: string | undefined,
  cwd: string,
  build: { readonly version: string; readonly options: Readonly<Record<string, unknown>> },
  warn: (message: string) => void,
): { readonly previous: ValidateCacheData | undefined; save(data: ValidateCacheData): void } | undefined {
  if (!on && location === undefined) return undefined;
  const file = location !== undefined ? resolvePath(cwd, normalizePath(location)) : defaultValidateCachePath(cwd);
  const key = validateCacheKey(build.version, build.options);
  return {
    previous: readValidateCacheFile(file, key, warn),
    save: (data) => writeValidateCacheFile(file, key, data, warn),
  };
}

/** Writes the cache whole or not at all; a failure is said, not thrown (the report stands without it). */
export function writeValidateCacheFile(
  file: string,
  key: string,
  data: ValidateCacheData,
  warn: (message: string) => void,
): void {
  const native = toNativePath(file);
  const temp = `${native}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(toNativePath(dirnamePath(file)), { recursive: true });
    fs.writeFileSync(temp, serializeValidateCache(key, data, sha256Digest));
    fs.renameSync(temp, native);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    warn(`cannot write the cache ${native}: ${(error as Error).message}`);
  }
}
