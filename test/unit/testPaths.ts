// Paths in tests, in the core's canonical form (forward slashes, upper-case drive letter), so
// that fixtures built here compare equal to the paths the core reports on every platform.
// Relative paths come out with `/`; node:path does the platform work underneath.
import * as nodePath from 'node:path';
import { normalizePath } from '../../src/core/base/paths';

/** A node:path-like toolbox whose results are canonical. */
export const testPath = {
  sep: '/',
  join: (...parts: string[]): string => normalizePath(nodePath.join(...parts)),
  resolve: (...parts: string[]): string => normalizePath(nodePath.resolve(...parts)),
  normalize: (p: string): string => normalizePath(p),
  dirname: (p: string): string => normalizePath(nodePath.dirname(p)),
  basename: (p: string, ext?: string): string => nodePath.basename(p, ext),
  extname: (p: string): string => nodePath.extname(p),
  isAbsolute: (p: string): boolean => nodePath.isAbsolute(p),
  relative: (from: string, to: string): string => nodePath.relative(from, to).split(nodePath.sep).join('/'),
  /** The form the platform prints (backslashes on Windows), for output meant for people. */
  native: (p: string): string => nodePath.normalize(p),
};
