// Where `validate --cache` keeps its file, and how it is read and written (docs/cli.md). By
// default the file lies in the user's cache folder, one per working folder, never in the project:
// a repository cannot ship a cache that says its skills are clean. It is keyed by the code that
// wrote it (Skillsmith's version and the digest of the sources it was built from, so that a rebuilt
// development copy does not reuse an older lint's verdicts) and the options that change a lint.
// A write goes to a temporary file renamed over the old one: an interrupted run leaves the old
// cache or the new one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createHash } from 'node:crypto';
import { dirnamePath, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import {
  parseReplay,
  parseValidateCache,
  serializeValidateCache,
  type LastRun,
  type ReplayData,
  type ValidateCacheData,
} from '../core/validate/validateCache';
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

/** The digest of the sources this build was made from (scripts/build.mjs). */
declare const SKILLSMITH_BUILD_DIGEST: string;

/**
 * The key of this build and these options: the version, and the digest of the sources the
 * build was made from, which hold every rule the lint runs (defined by the build, so that a
 * warm run reads no bundle to know it).
 */
export function validateCacheKey(version: string, options: Readonly<Record<string, unknown>>): string {
  return `${version} ${SKILLSMITH_BUILD_DIGEST} ${JSON.stringify(options)}`;
}

/** An open `--cache` file: read at most once, parsed only as far as each question needs. */
export interface ValidateCacheFile {
  /** The last run, when the file holds one that can be trusted (no warning: previous() gives it). */
  replay(): ReplayData | undefined;
  /** The kept lints, undefined when there are none yet; says why a file that exists was not trusted. */
  previous(): ValidateCacheData | undefined;
  /** Writes this run's data, and what it printed when it may be printed again. */
  save(data: ValidateCacheData, lastRun?: LastRun): void;
}

/**
 * `--cache` and `--cache-location FILE` (either turns the cache on): the file of this working
 * folder, keyed by this build and these options. Undefined when neither is given.
 */
export function openValidateCache(
  on: boolean,
  location: string | undefined,
  cwd: string,
  build: { readonly version: string; readonly options: Readonly<Record<string, unknown>> },
  warn: (message: string) => void,
): ValidateCacheFile | undefined {
  if (!on && location === undefined) return undefined;
  const file = location !== undefined ? resolvePath(cwd, normalizePath(location)) : defaultValidateCachePath(cwd);
  const key = validateCacheKey(build.version, build.options);
  // Read once, when first asked: null until then.
  let bytes: Uint8Array | undefined | null = null;
  const read = (): Uint8Array | undefined => {
    if (bytes !== null) return bytes;
    try {
      bytes = fs.readFileSync(toNativePath(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        warn(`cannot read the cache ${toNativePath(file)} (${(error as Error).message}): every skill is validated`);
      bytes = undefined;
    }
    return bytes;
  };
  return {
    replay: () => {
      const found = read();
      return found === undefined ? undefined : parseReplay(found, key, sha256Digest);
    },
    previous: () => {
      const found = read();
      if (found === undefined) return undefined;
      const parsed = parseValidateCache(found, key, sha256Digest);
      if ('ignored' in parsed) {
        warn(
          `the cache ${toNativePath(file)} is ignored: ${parsed.ignored}. Every skill is validated, and it is written anew`,
        );
        return undefined;
      }
      return parsed.data;
    },
    save: (data, lastRun) => writeValidateCacheFile(file, key, data, warn, lastRun),
  };
}

/** Writes the cache whole or not at all; a failure is said, not thrown (the report stands without it). */
export function writeValidateCacheFile(
  file: string,
  key: string,
  data: ValidateCacheData,
  warn: (message: string) => void,
  lastRun?: LastRun,
): void {
  const native = toNativePath(file);
  const temp = `${native}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(toNativePath(dirnamePath(file)), { recursive: true });
    fs.writeFileSync(temp, serializeValidateCache(key, data, sha256Digest, lastRun));
    fs.renameSync(temp, native);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    warn(`cannot write the cache ${native}: ${(error as Error).message}`);
  }
}
