// The imports of the TypeScript files under a folder, read from the text (every form: import,
// import type, export-from, side-effect import, require and import()), for the tests that
// check the shape of the dependency graph (layering.test.ts, importCycles.test.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Import {
  readonly file: string;
  readonly line: number;
  /** The imported module, relative to the root without extension, or the bare specifier. */
  readonly target: string;
}

/** The .ts files under a folder, at any depth. */
export function tsFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tsFiles(full));
    else if (entry.name.endsWith('.ts')) found.push(full);
  }
  return found;
}

/** Every import, export-from and require of a file; local targets are made relative to `root`. */
export function importsOf(file: string, root: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern =
    /(?:^|\s)(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\s)import\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
    // The match may begin with the whitespace (a newline) before the keyword.
    const start = match.index + match[0].length - match[0].trimStart().length;
    const line = text.slice(0, start).split('\n').length;
    const resolved = path.resolve(path.dirname(file), specifier);
    // A folder's import is of its index.ts, as TypeScript and esbuild resolve it.
    const module = fs.existsSync(path.join(resolved, 'index.ts')) ? path.join(resolved, 'index') : resolved;
    const target = specifier.startsWith('.') ? path.relative(root, module).split(path.sep).join('/') : specifier;
    found.push({ file: path.relative(root, file).split(path.sep).join('/'), line, target });
  }
  return found;
}
