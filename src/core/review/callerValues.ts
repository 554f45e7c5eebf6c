// What a value in a script mentions of the caller's path, per language (callerDeletes.ts follows
// the names): the references of a shell word, the names and sources of a Python, Node or
// PowerShell expression, either branch of a conditional, and whether a path is built under
// another or made by the script itself. Also the argument splitters the rule reads calls with.
/**
 * The words of a shell command's arguments: quoted runs, `${…}` and `$(…)` kept whole (`"${out}"/*`);
 * an unquoted `;`, `&` or `|` ends a word (`OUT="$2"; shift 2 ;;` in a `case` arm).
 */
export function shellWords(text: string): string[] {
  return (
    text.match(
      /(?:\$\((?:[^()]|\([^()]*\))*\)|"(?:\$\((?:[^()]|\([^()]*\))*\)|[^"])*"|'[^']*'|\$\{[^}]*\}|[^\s"';&|])+/g,
    ) ?? []
  );
}

/** The key of a shell reference's name (`1`, `@`, `OPTARG`, `dir`). */
export const shellNameKey = (name: string) => (/^(?:[1-9@*]|OPTARG|ARGUMENTS)$/.test(name) ? `$${name}` : `sh:${name}`);

/**
 * Every shell reference in `text` (`$1`, `${1:-x}`, `$dir`, `${dir%/}`, `$OPTARG`), as keys,
 * those inside another's default too (`${TARGET:-$1}` mentions both).
 */
export function shellReferences(text: string): string[] {
  return [...text.matchAll(/\$\{?([1-9@*]|[A-Za-z_]\w*)/g)].map((m) => shellNameKey(m[1]));
}

/** Values a script makes itself: a temporary folder, whatever it was named after. */
const MADE_HERE = /\b(?:mktemp|mkdtemp|mkstemp|TemporaryDirectory|gettempdir|tmpdir|GetTempPath|New-TemporaryFile)\b/i;

/**
 * What a shell assignment's value mentions of the caller's (its first word: `"$1"`,
 * `"$(realpath "$dir")"`, `"${v/#\~/$HOME}"`): every reference in it, or none when it is a path
 * built under one (`"$1/build"`, `"$(dirname "$0")/out"`) or a temporary folder.
 */
export function shellValue(value: string): string[] {
  if (/^[\s;&|]|^$/.test(value)) return []; // `X=` alone: empty
  const word = shellWords(value)[0] ?? '';
  if (MADE_HERE.test(word)) return [];
  // What stands outside the references: a `/name` or `/$name` after one builds a path inside it.
  const outside = word
    .replace(/["']/g, '')
    .replace(/\$\((?:[^()]|\([^()]*\))*\)/g, '§')
    .replace(/\$\{[^}]*\}|\$(?:[1-9@*]|[A-Za-z_]\w*)/g, '§');
  if (/§\/(?:[\w.-]*\w|§)/.test(outside)) return [];
  return shellReferences(word);
}

/** The text of an expression with its string literals' contents dropped, f-string and template fields kept. */
export function codeOutsideStrings(expression: string): string {
  return expression
    .replace(
      /\b[fF][rR]?(["'])((?:\\.|(?!\1).)*)\1/g,
      (_m, _q, body: string) => ` ${(body.match(/\{[^}]*\}/g) ?? []).join(' ')} `,
    )
    .replace(/`((?:\\.|[^`])*)`/g, (_m, body: string) => ` ${(body.match(/\$\{[^}]*\}/g) ?? []).join(' ')} `)
    .replace(/(["'])(?:\\.|(?!\1).)*\1/g, ' "" ');
}

/**
 * A path built under another (`os.path.join(d, "build")`, `Path(d) / name`, `d + "/x"`,
 * `path.join(d, 'dist')`, `${d}/dist`, `Join-Path $d out`): what the script deletes there is a
 * folder of its own inside the caller's, not the caller's path. `path.resolve(cwd, target)` is
 * `target`, unless its last part is a literal.
 */
function builtUnder(expression: string): boolean {
  const e = codeOutsideStrings(expression);
  return (
    /\b(?:os\.path\.join|path\.join|posixpath\.join|joinpath)\([^,()]*(?:\([^()]*\))?[^,()]*,/.test(e) ||
    /\bpath\.resolve\(.*,\s*""\s*\)\s*$/.test(e) ||
    /[\w)\]]\s*\/\s*(?:[A-Za-z_("]|"")/.test(e) ||
    /\+\s*""/.test(e) ||
    /\$\{[^}]*\}\s*\//.test(expression.replace(/^[^`]*`|`[^`]*$/g, '')) ||
    /\bJoin-Path\b/i.test(expression)
  );
}

/** The names an expression mentions, as keys of `lang`, attributes and calls' method names left out. */
function mentionedNames(expression: string, lang: 'py' | 'js'): string[] {
  const keys: string[] = [];
  for (const m of codeOutsideStrings(expression).matchAll(/(?<![\w.$])([A-Za-z_$][\w$]*)(?:\.(\w+))?/g)) {
    keys.push(`${lang}:${m[1]}`);
    // An attribute of the object itself, `self.location`, is a name of its own.
    if (m[1] === 'self' && m[2]) keys.push(`${lang}:self.${m[2]}`);
  }
  return keys;
}

/**
 * The branches of a conditional or a fallback at an expression's top level (Python's `a if c else
 * b` and `a or b`; Node's `c ? a : b`, `a || b`, `a ?? b`), or undefined when it has none.
 */
function topLevelBranches(expression: string, lang: 'py' | 'js'): string[] | undefined {
  const code = codeOutsideStrings(expression);
  // Only where no bracket is open: mask what brackets hold, keeping the offsets.
  let depth = 0;
  let masked = '';
  for (const ch of code) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    masked += depth > 0 && !'([{'.includes(ch) ? ' ' : ch;
  }
  if (lang === 'py') {
    const cond = /^(.*?)\s+if\s+.*?\s+else\s+(.*)$/.exec(masked);
    if (cond) return [code.slice(0, cond[1].length), code.slice(masked.length - cond[2].length)];
    const parts = masked.split(/\s+or\s+/);
    return parts.length > 1 ? splitLike(code, masked, /\s+or\s+/g) : undefined;
  }
  const ternary = /^[^?]*\?(?![?.])([^:]*):(.*)$/.exec(masked);
  if (ternary) {
    const colon = masked.length - ternary[2].length;
    return [code.slice(colon - 1 - ternary[1].length, colon - 1), code.slice(colon)];
  }
  return /\|\||\?\?/.test(masked) ? splitLike(code, masked, /\|\||\?\?/g) : undefined;
}

/** `code` cut where `separator` matches in `masked` (the same text with bracketed parts blanked). */
function splitLike(code: string, masked: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(separator)) {
    parts.push(code.slice(from, m.index));
    from = m.index + m[0].length;
  }
  parts.push(code.slice(from));
  return parts;
}

/** Python: what an expression mentions of the caller's: `sys.argv`, `input()`, parsed arguments, and names. */
export function pythonValue(expression: string): string[] {
  const e = expression.trim();
  // Either branch may be what it holds: `Path(args.out) if args.out else src.parent / src.stem`, `a or b`.
  const branches = topLevelBranches(e, 'py');
  if (branches) return branches.flatMap(pythonValue);
  if (e === '' || MADE_HERE.test(e) || builtUnder(e)) return [];
  // typer's parameter default (a parameter on a line of its own reads as an assignment) is the caller's too.
  const sources = /\bsys\.argv\b|(?<![\w.])input\(|\bparse_(?:known_)?args\(|\btyper\.(?:Argument|Option)\(/.test(e)
    ? ['']
    : [];
  return [...sources, ...mentionedNames(e, 'py')];
}

/** Node: what an expression mentions of the caller's: `process.argv` past the script, parsers' results, and names. */
export function nodeValue(expression: string): string[] {
  const e = expression.trim().replace(/;$/, '').trim();
  const branches = topLevelBranches(e, 'js');
  if (branches) return branches.flatMap(nodeValue);
  if (e === '' || MADE_HERE.test(e) || builtUnder(e)) return [];
  const argv =
    /\bprocess\.argv\b(?!\[[01]\])|\bDeno\.args\b|\.opts(?:<[^>]*>)?\(\)|\bminimist\(|\byargs\b|\bparseArgs\(/.test(e);
  return [...(argv ? [''] : []), ...mentionedNames(e, 'js')];
}

/** PowerShell: what a value mentions of the caller's: `$args`, `Read-Host`, and variables. */
const PS_AUTOMATIC = /^(?:true|false|null|_|PSScriptRoot|PSCommandPath|env|HOME|PWD|this|input)$/i;
export function powershellValue(value: string): string[] {
  const v = value.trim();
  if (MADE_HERE.test(v) || builtUnder(v)) return [];
  const keys = /\$args\b|\bRead-Host\b/i.test(v) ? [''] : [];
  for (const m of v.matchAll(/\$(\w+)/g))
    if (!PS_AUTOMATIC.test(m[1]) && m[1].toLowerCase() !== 'args') keys.push(`ps:${m[1].toLowerCase()}`);
  return keys;
}

/** The text of a call's arguments, from just after its `(` (on `lines[at]` at `from`), to the matching `)`, over up to 8 lines. */
export function callArguments(lines: readonly string[], at: number, from: number): string {
  let depth = 1;
  let text = '';
  for (let i = at; i < Math.min(lines.length, at + 8); i++) {
    const line = i === at ? lines[i].slice(from) : lines[i];
    for (const ch of line) {
      if (ch === '(' || ch === '{' || ch === '[') depth++;
      else if (ch === ')' || ch === '}' || ch === ']') depth--;
      if (depth === 0) return text;
      text += ch;
    }
    text += '\n';
  }
  return text;
}

/** A call's argument text split at the commas of its top level (brackets and quotes kept whole). */
export function splitArguments(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let from = 0;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i];
    if (quote) {
      if (ch === quote && args[i - 1] !== '\\') quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(args.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(args.slice(from));
  return parts;
}

/** The first argument of a call's argument text (up to a comma at its top level). */
export const firstArgument = (args: string): string => splitArguments(args)[0];
