// A recursive delete of a path the caller passes, unchecked (docs/rules.md, "Recall"): read over
// one file of code at a time (a script, or the code of a Markdown file), because real scripts
// seldom delete "$1" itself. The rule follows data, not shapes: a name is the caller's when its
// assignment nearest above the delete mentions a source (`$1`, `$@`, getopts's `$OPTARG`, `read`,
// `sys.argv`, `input()`, a parser's `parse_args()`, `process.argv`, commander's `opts()`,
// minimist, `parseArgs`, PowerShell's `param()` and `$args`) or another such name, whatever wraps
// it (`realpath`, `${v/#\~/$HOME}`, f-strings, loops over the arguments, either branch of a
// conditional, what a function of the file returns). A shell function's `$1`, or a Python or
// Node function's parameter, holds what its calls pass it. A path the script builds under the
// caller's (`"$1/build"`, `os.path.join(d, "x")`, `Path(d) / name`) or makes itself (`mktemp -d`)
// is not the caller's, and a delete is left alone when the file checks the name (or one it came
// from) against `/`, the home folder or a prefix (`[[ "$d" == /tmp/* ]]`, `case "$d" in
// "$base"/*)`, `.startswith(…)`, `.is_relative_to(…)`, `.startsWith(…)`, `-like`): a guard
// anywhere in the file counts, whether or not it stops the delete.

import { callArguments, firstArgument, nodeValue, pythonValue, shellReferences, shellWords } from './callerValues';
import { DELETE_FUNCTIONS, Scope, codeOf, isComment, readImports, readScope } from './callerScope';
import { shellKeys, shellMeant, unchecked } from './callerChains';

/** Where a delete was found: the line (an index of the lines given) and the offsets in it. */
export interface CallerDelete {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/**
 * A name's assignment: the keys of what its value mentions (`''` the caller's argument itself,
 * `'$1'` a positional parameter, `'sh:dir'` another name), whatever wraps them; none when it holds
 * nothing of the caller's, or a path the script builds under it (`"$1/build"`) or makes itself
 * (`mktemp -d`).

/**
 * The logical lines with a PowerShell pipeline's continuation joined (a line ending in `|`, or
 * the next starting with one), so that `Get-ChildItem $Path |` over a `Remove-Item` line is one
 * pipeline; the index is the line the pipeline ends on.
 */
function pipelines(lines: readonly string[]): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let text = '';
  for (let i = 0; i < lines.length; i++) {
    const line = isComment(lines[i]) ? '' : lines[i];
    text = text === '' ? line : `${text} ${line.trim()}`;
    const continues = /\|\s*$/.test(line) || /^\s*\|/.test(lines[i + 1] ?? '');
    if (!continues || i === lines.length - 1) {
      out.push({ line: i, text });
      text = '';
    }
  }
  return out;
}

/**
 * Every recursive delete, in `lines` (one file's code, a logical line each), of a path the
 * caller passes and the file does not check. `commandStart` is where a shell command may start.
 */
export function findCallerDeletes(lines: readonly string[], commandStart: string): CallerDelete[] {
  if (
    !lines.some((l) =>
      /\brm\b|rmtree|rimraf|rmdir|-delete\b|\brm(?:dir)?(?:Sync)?\s*\(|remove|::Delete\(|\b(?:ri|del|erase|rd)\b/i.test(
        l,
      ),
    )
  )
    return [];
  const imports = readImports(codeOf(lines).join('\n'));
  // The names are read only once a delete needs them: most files that mention a delete have none to follow.
  let read: Scope | undefined;
  const scope = () => (read ??= readScope(lines, imports));
  const found: CallerDelete[] = [];
  const handRemoves = lines.some((l) => /\.rmdir\(\)|\bos\.rmdir\(/.test(l));
  const findDelete = new RegExp(
    String.raw`${commandStart}(find\s+("[^"]*"|\S+)\s[^\n;|]*?(?:-delete\b|-exec\s+rm\s+-[a-zA-Z]*[rR]))`,
    'g',
  );
  const shellRm = new RegExp(
    String.raw`${commandStart}(rm\s+((?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*)((?:"[^"]*"|'[^']*'|\$\{[^}]*\}|[^;&|)\n#\x60])*))`,
    'g',
  );
  // Each search below needs a word of its own in the line; most lines have none of them.
  const fsFunctions = [...imports.fsFunctions];
  const mayCallDelete = (line: string) =>
    line.includes('rm') ||
    line.includes('rimraf') ||
    (imports.fsExtraNames.size > 0 && /remove|emptyDir/.test(line)) ||
    fsFunctions.some((name) => line.includes(name));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const hasRm = line.includes('rm');
    if (isComment(line)) continue;
    if (!hasRm && !line.includes('find') && !mayCallDelete(line) && !handRemoves && !/deno|::delete/i.test(line))
      continue;
    // Shell: rm -r … "$dir"
    if (hasRm)
      for (const m of line.matchAll(shellRm)) {
        if (!/(?:^|\s)-[a-zA-Z]*[rR]|--recursive\b/.test(m[2])) continue;
        const words = shellWords(m[3]).filter((w) => w !== '--' && !/^\d*[<>]/.test(w));
        if (!words.some((w) => unchecked(scope(), shellKeys(scope(), w), i))) continue;
        const start = m.index + m[0].length - m[1].length;
        found.push({ line: i, start, end: start + m[1].trimEnd().length });
      }
    // Shell: find "$dir" … -delete, or -exec rm -r.
    if (line.includes('find'))
      for (const m of line.matchAll(findDelete)) {
        if (!unchecked(scope(), shellKeys(scope(), m[2]), i)) continue;
        const start = m.index + m[0].length - m[1].length;
        found.push({ line: i, start, end: start + m[1].length });
      }
    // Shell: … "$@" | xargs rm -r: the pipeline before it gives the paths.
    const xargs = hasRm && /\|\s*(xargs\s+(?:-\S+\s+)*rm\s+-[a-zA-Z]*[rR][^;&|]*)/.exec(line);
    if (xargs) {
      const upstream = line.slice(0, xargs.index).split(/[;&]/).at(-1) ?? '';
      if (
        unchecked(
          scope(),
          shellReferences(upstream).map((key) => shellMeant(scope(), key)),
          i,
        )
      ) {
        const start = xargs.index + xargs[0].length - xargs[1].length;
        found.push({ line: i, start, end: start + xargs[1].trimEnd().length });
      }
    }
    // Python and Node: rm -r run from a list (subprocess.run(["rm", "-rf", path])), an f-string, a template or a concatenation.
    if (hasRm)
      for (const m of line.matchAll(
        /\[\s*["']rm["']\s*,\s*["']-[a-zA-Z]*[rR][a-zA-Z]*["']\s*,\s*(?:["']-[a-zA-Z-]+["']\s*,\s*)*([^\]]+)|\bf(["'])rm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*["']?\{([^}]+)\}["']?(?:\/\*)?\2|`rm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*["']?\$\{([^}]+)\}["']?`|(["'`])rm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*\5\s*\+\s*([\w.[\]]+)\s*(?:[),;]|$)/g,
      )) {
        const expression = m[1] ?? m[3] ?? m[4] ?? m[6];
        const keys = [...pythonValue(expression), ...nodeValue(expression)];
        if (!unchecked(scope(), keys, i)) continue;
        found.push({ line: i, start: m.index, end: m.index + m[0].length });
      }
    // Python: shutil.rmtree(path), rmtree(path) imported by name.
    if (hasRm)
      for (const m of line.matchAll(/\b(?:shutil\.)?rmtree\(/g)) {
        if (!m[0].startsWith('shutil.') && (!imports.rmtreeImported || line[m.index - 1] === '.')) continue;
        const args = callArguments(lines, i, m.index + m[0].length);
        if (!unchecked(scope(), pythonValue(firstArgument(args)), i)) continue;
        found.push({ line: i, start: m.index, end: Math.min(line.length, m.index + m[0].length + args.length + 1) });
      }
    // Node: fs.rmSync(path, { recursive: true }), rm(path, …) imported by name, fs-extra's remove, rimraf.
    if (mayCallDelete(line))
      for (const m of line.matchAll(/(?<![\w$.])(?:(\w+)\.(?:promises\.)?(\w+)|(\w+))\(/g)) {
        const owner = m[1];
        const fn = m[2] ?? m[3];
        const fsDelete =
          owner !== undefined ? imports.fsNames.has(owner) && DELETE_FUNCTIONS.has(fn) : imports.fsFunctions.has(fn);
        const extraDelete =
          owner !== undefined &&
          imports.fsExtraNames.has(owner) &&
          /^(?:remove|removeSync|emptyDir|emptyDirSync)$/.test(fn);
        const rimraf =
          /^rimraf(?:Sync)?$/.test(owner ?? fn) && (owner === undefined || /^(?:sync|native|manual)$/.test(fn));
        if (!fsDelete && !extraDelete && !rimraf) continue;
        const args = callArguments(lines, i, m.index + m[0].length);
        if (fsDelete && !/\brecursive\s*:\s*true\b/.test(args)) continue;
        if (!unchecked(scope(), nodeValue(firstArgument(args)), i)) continue;
        found.push({ line: i, start: m.index, end: Math.min(line.length, m.index + m[0].length + args.length + 1) });
      }
    // Deno: Deno.remove(path, { recursive: true }).
    for (const m of line.matchAll(/\bDeno\.remove\(/g)) {
      const args = callArguments(lines, i, m.index + m[0].length);
      if (!/\brecursive\s*:\s*true\b/.test(args) || !unchecked(scope(), nodeValue(firstArgument(args)), i)) continue;
      found.push({ line: i, start: m.index, end: Math.min(line.length, m.index + m[0].length + args.length + 1) });
    }
    // Python: a tree removed by hand, deepest first: `root.rglob("*")` or `os.walk(root, topdown=False)`
    // in a file that removes folders (`rmdir`).
    if (handRemoves)
      for (const m of line.matchAll(/(?<![\w.])([A-Za-z_][\w.]*)\.rglob\(|\bos\.walk\(\s*([^,)]+)/g)) {
        if (!unchecked(scope(), pythonValue(m[1] ?? m[2]), i)) continue;
        found.push({ line: i, start: m.index, end: m.index + m[0].length });
      }
    const directory = /\[(?:System\.)?IO\.Directory\]::Delete\(\s*\$(\w+)\s*,\s*\$true\s*\)/i.exec(line);
    if (directory && unchecked(scope(), `ps:${directory[1].toLowerCase()}`, i))
      found.push({ line: i, start: directory.index, end: directory.index + directory[0].length });
  }
  // PowerShell: Remove-Item … -Recurse … $Path, and what a pipeline gives it:
  // Get-ChildItem -Path $Path | Where-Object … | Remove-Item -Recurse, over one line or several.
  for (const { line: i, text } of pipelines(lines)) {
    const remove = /\b(?:Remove-Item|ri|del|erase|rd|rmdir)\b([^;|\n]*)/i.exec(text);
    if (!remove || !/\s-Recurse\b/i.test(remove[1])) continue;
    const piped = /\b(?:Get-ChildItem|gci|Get-Item|gi|ls|dir)\b([^;|\n]*)\|[^;\n]*$/i.exec(text.slice(0, remove.index));
    const args = `${piped?.[1] ?? ''} ${remove[1]}`.replace(/\([^()]*\)/g, ' ');
    const hit =
      /\$args\[\d+\]/i.test(args) ||
      [...args.matchAll(/(?:^|\s)"?\$(\w+)(?:[\\/]\*?)?"?(?=\s|$)/g)].some((v) =>
        unchecked(scope(), `ps:${v[1].toLowerCase()}`, i),
      );
    if (!hit) continue;
    // Where the delete stands on its own line (the pipeline's last).
    const own = /\b(?:Remove-Item|ri|del|erase|rd|rmdir)\b[^;|\n]*/i.exec(lines[i]);
    if (own) found.push({ line: i, start: own.index, end: own.index + own[0].trimEnd().length });
  }
  return found.sort((x, y) => x.line - y.line || x.start - y.start);
}
