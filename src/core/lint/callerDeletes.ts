// A recursive delete of a path the caller passes, unchecked (docs/rules.md, "Recall"): read over
// one file of code at a time (a script, or the code of a Markdown file), because real scripts
// seldom delete "$1" itself. They keep the argument in a variable first (`dir="$1"`, getopts's
// `$OPTARG`, `read`, Python's `sys.argv` or argparse, Node's `process.argv`, PowerShell's
// `param($Path)`), sometimes through a function that keeps it the same path (`realpath`,
// `os.path.abspath`, `path.resolve`, `Resolve-Path`). A variable is followed within the file by
// its assignment nearest above the delete (a name a file reuses for a folder of its own is not
// the caller's there), and a shell function's `$1`, or a Python or Node function's parameter, is
// the caller's only when the function is called with the caller's argument (`main "$@"`,
// `reset(Path(sys.argv[1]))`); a PowerShell pipeline's first command gives Remove-Item its path. A delete is left alone when the file checks
// the variable (or one it came from) against `/`, the home folder, or a prefix
// (`[[ "$d" == /tmp/* ]]`, `case "$d" in "$base"/*)`, `.startswith(…)`, `.startsWith(…)`,
// `-like`): a guard anywhere in the file counts, whether or not it stops the delete. A path the
// script builds itself (`"$1/build"`, `mktemp -d`, `Path(__file__).parent / ".cache"`) is not the
// caller's.

/** Where a delete was found: the line (an index of the lines given) and the offsets in it. */
export interface CallerDelete {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/**
 * A name's assignment: what it was given, as the key of what it came from (`''` the caller's
 * argument itself, `'$1'` a positional parameter, `'sh:dir'` another name), or undefined when it
 * was given something else.
 */
interface Assignment {
  readonly line: number;
  readonly from: string | undefined;
}

/** A shell reference to the caller's argument: `$1`, `${1}`, `${1:?usage}`, `${1:-dist}`, `$@`, `$OPTARG`, `$ARGUMENTS`. */
const SH_ARGUMENT = String.raw`\$(?:([1-9@*])|\{([1-9@*])(?:[:%#/][^}]*)?\}|\{?(OPTARG|ARGUMENTS)\}?(?!\w))`;
/** A shell reference to a variable: `$dir`, `${dir}`, `${dir:?}`, `${dir%/}`. */
const SH_VARIABLE = String.raw`\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*(?:\.\w+)*)(?:[:%#/][^}]*)?\})`;
const SH_REFERENCE = new RegExp(String.raw`^(?:${SH_ARGUMENT}|${SH_VARIABLE})$`);
/** Always the caller's: getopts's argument, and the arguments a skill is invoked with. */
const SH_ALWAYS = new Set(['$OPTARG', '$ARGUMENTS']);
const isPositional = (key: string) => /^\$[1-9@*]$/.test(key);

/** The key of what a shell word refers to, quotes and a trailing `/`, `/*` or `/.` dropped; undefined when it is more than a reference. */
function shellKey(word: string): string | undefined {
  const bare = word.replace(/["']/g, '').replace(/\/(?:\*|\.)?$/, '');
  const m = SH_REFERENCE.exec(bare);
  if (!m) return undefined;
  const argument = m[1] ?? m[2] ?? m[3];
  return argument !== undefined ? `$${argument}` : `sh:${m[4] ?? m[5]}`;
}

/**
 * The words of a shell command's arguments: quoted runs and `${…}` kept whole (`"${out}"/*`);
 * an unquoted `;`, `&` or `|` ends a word (`OUT="$2"; shift 2 ;;` in a `case` arm).
 */
function shellWords(text: string): string[] {
  return text.match(/(?:"[^"]*"|'[^']*'|\$\{[^}]*\}|[^\s"';&|])+/g) ?? [];
}

/**
 * What a shell assignment's value refers to, when it is a path given to the script: a reference
 * alone (`"$1"`, `${1:?usage}`), or `realpath`, `readlink -f` or `cd … && pwd` of one.
 */
function shellValue(value: string): string | undefined {
  if (/^[\s;&|]|^$/.test(value)) return undefined; // `X=` alone: empty
  const direct = shellKey(shellWords(value)[0] ?? '');
  if (direct !== undefined) return direct;
  const sub =
    /^"?\$\(\s*(?:(?:g?realpath|g?readlink\s+-[fem])\s+(?:-\w+\s+)*("[^"]*"|\S+?)|cd\s+("[^"]*"|\S+?)\s*(?:&&|;)\s*pwd(?:\s+-P)?)\s*\)"?(?=\s|;|&|\||$)/.exec(
      value.trim(),
    );
  return sub ? shellKey(sub[1] ?? sub[2]) : undefined;
}

/** Python: what an expression refers to, wrappers that keep the same path taken off. */
function pythonValue(expression: string, parsers: ReadonlySet<string>): string | undefined {
  let e = expression.trim();
  for (let changed = true; changed;) {
    const call =
      /^(?:str|Path|pathlib\.Path|os\.fspath|os\.path\.(?:abspath|realpath|expanduser|normpath|expandvars))\(\s*([^,]*?)\s*\)$/.exec(
        e,
      );
    const method = /^(.*)\.(?:resolve|expanduser|absolute)\(\s*(?:strict\s*=\s*\w+)?\s*\)$/.exec(e);
    const next = call?.[1] ?? method?.[1];
    changed = next !== undefined;
    if (next !== undefined) e = next.trim();
  }
  if (/^sys\.argv\[[1-9]\]$/.test(e)) return '';
  const attribute = /^(\w+)\.(\w+)$/.exec(e);
  if (attribute) return parsers.has(attribute[1]) ? `py:${e}` : undefined;
  return /^[A-Za-z_]\w*$/.test(e) ? `py:${e}` : undefined;
}

/** Node: what an expression refers to (`process.argv[2]`, `path.resolve(dir)`, `args[0]` of `process.argv.slice(2)`). */
function nodeValue(
  expression: string,
  arrays: ReadonlyMap<string, number>,
  parsers: ReadonlySet<string>,
): string | undefined {
  let e = expression.trim().replace(/;$/, '').trim();
  for (let changed = true; changed;) {
    const before = e;
    e = e.replace(/^await\s+/, '');
    e = e.replace(/\s*(?:\?\?|\|\|)\s*(?:'[^']*'|"[^"]*"|`[^`]*`)$/, '');
    const call = /^(?:path\.(?:resolve|normalize)|(?:\w+\.)?realpathSync|String)\(\s*([^,()]*?)\s*\)$/.exec(e);
    if (call) e = call[1];
    changed = e !== before;
  }
  const argv = /^process\.argv\[(\d+)\]$/.exec(e);
  if (argv) return Number(argv[1]) >= 2 ? '' : undefined;
  const item = /^(\w+)(\._)?\[(\d+)\]$/.exec(e);
  if (item && item[2]) return parsers.has(item[1]) ? '' : undefined;
  if (item) return arrays.has(item[1]) && arrays.get(item[1])! + Number(item[3]) >= 2 ? '' : undefined;
  const attribute = /^(\w+)\.(\w+)$/.exec(e);
  if (attribute) return parsers.has(attribute[1]) ? `js:${e}` : undefined;
  return /^[A-Za-z_$][\w$]*$/.test(e) ? `js:${e}` : undefined;
}

/** PowerShell: what a value refers to (`$args[0]`, `Read-Host`, `(Resolve-Path $Path).Path`, `$Path`). */
function powershellValue(value: string): string | undefined {
  const v = value.trim();
  if (/^\$args(?:\[\d+\])?$/i.test(v) || /^Read-Host\b/i.test(v)) return '';
  const m =
    /^\(?\s*(?:Resolve-Path|Convert-Path|Get-Item)\s+(?:-(?:Path|LiteralPath)\s+)?\$(\w+)\s*\)?(?:\.(?:Path|FullName|ProviderPath))?$/i.exec(
      v,
    ) ??
    /^\[(?:System\.)?IO\.Path\]::GetFullPath\(\s*\$(\w+)\s*\)$/i.exec(v) ??
    /^\$(\w+)$/.exec(v);
  return m ? `ps:${m[1].toLowerCase()}` : undefined;
}

/** The text of a call's arguments, from just after its `(` (on `lines[at]` at `from`), to the matching `)`, over up to 8 lines. */
function callArguments(lines: readonly string[], at: number, from: number): string {
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
function splitArguments(args: string): string[] {
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
const firstArgument = (args: string): string => splitArguments(args)[0];

const FS_MODULE = String.raw`['"](?:node:)?fs(?:/promises)?['"]`;
const FS_EXTRA = String.raw`['"]fs-extra['"]`;
const DELETE_FUNCTIONS = new Set(['rm', 'rmSync', 'rmdir', 'rmdirSync']);

/** A shell function: its name, its lines (first and last), and where it is called with which words. */
interface ShellFunction {
  readonly name: string;
  readonly first: number;
  readonly last: number;
  readonly calls: { readonly line: number; readonly words: readonly string[] }[];
}

/**
 * A Python or Node function's calls, by `py:name` or `js:name`: the line of each call, and its
 * arguments' text. A parameter holds what a call passes it (`reset(Path(sys.argv[1]))` gives
 * `def reset(workspace)`'s `workspace` the caller's path), as a shell function's `$1` does.
 */
type FunctionCalls = Map<string, { readonly line: number; readonly args: readonly string[] }[]>;

/** The key of a parameter: `param:py:reset#0:workspace` (the language, the function, its index, its name). */
const PARAMETER = /^param:(py|js):([\w$]+)#(\d+):([\w$]+)$/;

/** What a file says about the caller's path. */
interface Scope {
  readonly assignments: Map<string, Assignment[]>;
  readonly calls: FunctionCalls;
  /** Keys that are the caller's argument wherever they stand (argparse's `args.path`, PowerShell's parameters). */
  readonly roots: Set<string>;
  readonly functions: readonly ShellFunction[];
  readonly guarded: Set<string>;
  /** Node: the names `fs`'s module goes by, the delete functions imported by name, fs-extra's names. */
  readonly fsNames: Set<string>;
  readonly fsFunctions: Set<string>;
  readonly fsExtraNames: Set<string>;
  /** Node: the names of `process.argv.slice(n)`, with n. */
  readonly arrays: Map<string, number>;
  /** Node: the names an argument parser's results go by (`program.opts()`, `minimist(…)`, parseArgs's `values`). */
  readonly jsParsers: Set<string>;
  /** Python: whether `rmtree` is imported by name; the names parse_args() results go by. */
  readonly rmtreeImported: boolean;
  readonly parsers: Set<string>;
}

const isComment = (line: string) => /^\s*(?:#|\/\/|<#|\*)/.test(line);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a shell command may start, for a function's call. */
const SH_CALL_AT = String.raw`(?:^\s*|[;&|({]\s*|\b(?:then|do|else|if|while|until|!)\s+|\$\(\s*)`;

function shellFunctions(code: readonly string[]): ShellFunction[] {
  const functions: ShellFunction[] = [];
  for (let i = 0; i < code.length; i++) {
    const def =
      /^(\s*)(?:function\s+)?([A-Za-z_][\w:-]*)\s*\(\)\s*(.*)$|^(\s*)function\s+([A-Za-z_][\w:-]*)\s*(\{.*)$/.exec(
        code[i],
      );
    if (!def) continue;
    const indent = def[1] ?? def[4];
    const rest = def[3] ?? def[6];
    let last = i;
    if (!/\{.*\}\s*;?\s*(?:#.*)?$/.test(rest)) {
      last = code.length - 1;
      for (let k = i + 1; k < code.length; k++)
        if (new RegExp(String.raw`^${indent}\}`).test(code[k])) {
          last = k;
          break;
        }
    }
    functions.push({ name: def[2] ?? def[5], first: i, last, calls: [] });
  }
  for (const fn of functions) {
    const call = new RegExp(String.raw`${SH_CALL_AT}${escape(fn.name)}(?=[\s;&|)]|$)([^;&|)#]*)`);
    for (let i = 0; i < code.length; i++) {
      if (i >= fn.first && i <= fn.last) continue;
      const m = call.exec(code[i]);
      if (m) fn.calls.push({ line: i, words: shellWords(m[1]).filter((w) => !/^\d*[<>]/.test(w)) });
    }
  }
  return functions;
}

/** The calls of each Python or Node function whose parameters the file assigned (see FunctionCalls). */
function functionCalls(code: readonly string[], assignments: ReadonlyMap<string, Assignment[]>): FunctionCalls {
  const names = new Set<string>();
  for (const list of assignments.values())
    for (const { from } of list) {
      const m = from === undefined ? null : PARAMETER.exec(from);
      if (m) names.add(`${m[1]}:${m[2]}`);
    }
  const calls: FunctionCalls = new Map();
  for (const key of names) {
    const [lang, name] = key.split(':');
    const call = new RegExp(String.raw`(?<![\w$.])${escape(name)}\s*\(`, 'g');
    const definition = lang === 'py' ? /^\s*(?:async\s+)?def\s/ : /\bfunction\s|\b(?:const|let|var)\s+[\w$]+\s*=/;
    const found: { line: number; args: string[] }[] = [];
    for (let i = 0; i < code.length; i++)
      for (const m of code[i].matchAll(call)) {
        if (definition.test(code[i].slice(0, m.index + m[0].length))) continue;
        found.push({ line: i, args: splitArguments(callArguments(code, i, m.index + m[0].length)) });
      }
    calls.set(key, found);
  }
  return calls;
}

/** Reads the file's assignments, its shell functions, its imports and its checks. */
function readScope(lines: readonly string[]): Scope {
  const assignments = new Map<string, Assignment[]>();
  const roots = new Set<string>();
  const parsers = new Set<string>();
  const arrays = new Map<string, number>();
  const fsNames = new Set(['fs', 'fsp', 'fsPromises']);
  const fsFunctions = new Set<string>();
  const fsExtraNames = new Set<string>();
  const code = lines.map((line) => (isComment(line) ? '' : line));
  const joined = code.join('\n');
  const assign = (key: string, line: number, from: string | undefined) => {
    const list = assignments.get(key) ?? [];
    list.push({ line, from });
    assignments.set(key, list);
  };

  // Node's modules and imports.
  for (const m of joined.matchAll(
    new RegExp(String.raw`\b(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*${FS_MODULE}\s*\)`, 'g'),
  ))
    fsNames.add(m[1]);
  for (const m of joined.matchAll(new RegExp(String.raw`\bimport\s+(?:\*\s+as\s+)?(\w+)\s+from\s+${FS_MODULE}`, 'g')))
    fsNames.add(m[1]);
  for (const m of joined.matchAll(/\bpromises\s*(?:as|:)\s*(\w+)/g)) fsNames.add(m[1]);
  for (const m of joined.matchAll(
    new RegExp(
      String.raw`(?:\bimport\s*\{([^}]*)\}\s*from\s*${FS_MODULE}|\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*${FS_MODULE}\s*\)(?:\.promises)?)`,
      'g',
    ),
  ))
    for (const item of (m[1] ?? m[2]).split(',')) {
      const [imported, local] = item.split(/\s+as\s+|\s*:\s*/).map((part) => part.trim());
      if (DELETE_FUNCTIONS.has(imported)) fsFunctions.add(local || imported);
    }
  for (const m of joined.matchAll(
    new RegExp(
      String.raw`\b(?:(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*${FS_EXTRA}\s*\)|import\s+(?:\*\s+as\s+)?(\w+)\s+from\s+${FS_EXTRA})`,
      'g',
    ),
  ))
    fsExtraNames.add(m[1] ?? m[2]);
  for (const m of joined.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*process\.argv\.slice\(\s*(\d+)\s*\)/g))
    arrays.set(m[1], Number(m[2]));
  // Python's parsed arguments: `args.path` is the caller's wherever it stands.
  for (const m of joined.matchAll(/\b(\w+)\s*=\s*\w+\.parse_(?:known_)?args\(/g)) parsers.add(m[1]);
  for (const parser of parsers)
    for (const m of joined.matchAll(new RegExp(String.raw`(?<![\w.])${escape(parser)}\.(\w+)\b`, 'g')))
      roots.add(`py:${parser}.${m[1]}`);
  // Node's argument parsers: commander's opts(), minimist, yargs, util.parseArgs.
  const jsParsers = new Set<string>();
  for (const m of joined.matchAll(
    /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:await\s+)?(?:\w+\.opts\(\)|minimist\(|yargs\b[^;\n]*\.(?:argv\b|parse(?:Sync|Async)?\())/g,
  ))
    jsParsers.add(m[1]);
  for (const m of joined.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:util\.)?parseArgs\(/g))
    for (const item of m[1].split(',')) {
      const [imported, local] = item.split(':').map((part) => part.trim());
      if (imported === 'values') jsParsers.add(local || imported);
      if (imported === 'positionals') arrays.set(local || imported, 2);
    }
  for (const parser of jsParsers)
    for (const m of joined.matchAll(new RegExp(String.raw`(?<![\w.])${escape(parser)}\.(\w+)\b`, 'g')))
      roots.add(`js:${parser}.${m[1]}`);

  for (let i = 0; i < code.length; i++) {
    const line = code[i];
    if (line === '') continue;
    // Shell: NAME=value (after local, export, readonly, declare), for NAME in …, read NAME.
    for (const m of line.matchAll(
      /(?:^|[\s;&|({])(?:(?:local|export|readonly|typeset|declare(?:\s+-\w+)*)\s+)?([A-Za-z_]\w*)=(?!=)(?=(.*))/g,
    ))
      assign(`sh:${m[1]}`, i, shellValue(m[2]));
    const loop = /\bfor\s+([A-Za-z_]\w*)\s*(?:in\s+(.*?)\s*(?:;|\bdo\b|$)|;|\s+do\b|$)/.exec(line);
    if (loop)
      assign(`sh:${loop[1]}`, i, loop[2] === undefined || /^"?\$(?:@|\*|\{@\})"?$/.test(loop[2]) ? '$@' : undefined);
    const read = /(?:^\s*|[;&|({]\s*|\b(?:then|do|else)\s+)read\s+((?:"[^"]*"|'[^']*'|[^;&|<>"'])*)(\s*<)?/.exec(line);
    if (read) {
      const fromStream = read[2] !== undefined || /\bwhile\s+(?:IFS=\S*\s+)?read\b|\|\s*while\b/.test(line);
      const words = read[1].replace(/"[^"]*"|'[^']*'/g, ' ').split(/\s+/);
      for (const [k, word] of words.entries())
        if (/^[A-Za-z_]\w*$/.test(word) && !/^-[tndu]$/.test(words[k - 1] ?? ''))
          assign(`sh:${word}`, i, fromStream ? undefined : '');
    }
    // Python: NAME = expression; for NAME in …; def f(NAME): a name of its own there.
    const py = /^\s*([A-Za-z_]\w*)\s*(?::\s*[\w.[\], ]+)?\s*=\s*([^=].*?)\s*(?:#.*)?$/.exec(line);
    if (py) assign(`py:${py[1]}`, i, pythonValue(py[2], parsers));
    const pyLoop = /^\s*for\s+(\w+)\s+in\s+(.+?)\s*:/.exec(line);
    if (pyLoop) {
      const fromArguments =
        pyLoop[2] === 'sys.argv[1:]' || (/^\w+\.\w+$/.test(pyLoop[2]) && parsers.has(pyLoop[2].split('.')[0]));
      assign(`py:${pyLoop[1]}`, i, fromArguments ? '' : undefined);
    }
    const def = /^\s*(?:async\s+)?def\s+(\w+)\s*\(/.exec(line);
    if (def) {
      // A command-line entry point (click's, typer's) takes its parameters from the caller.
      let decorated = false;
      for (let k = i - 1; k >= 0 && /^\s*@/.test(code[k]); k--)
        if (/^\s*@(?:click\.|\w+\.command\b|\w+\.(?:argument|option)\()/.test(code[k])) decorated = true;
      for (const [k, param] of splitArguments(callArguments(code, i, def[0].length)).entries()) {
        const name = /^\s*\**([A-Za-z_]\w*)/.exec(param)?.[1];
        if (!name) continue;
        const caller = decorated || /=\s*typer\.(?:Argument|Option)\(/.test(param);
        assign(`py:${name}`, i, caller ? '' : `param:py:${def[1]}#${k}:${name}`);
      }
    }
    // Node: const NAME = expression; NAME = expression; const [, , NAME] = process.argv; function f(NAME).
    const js = /(?:\b(?:const|let|var)\s+|^\s*)([A-Za-z_$][\w$]*)\s*=\s*([^=>].*?)\s*;?\s*$/.exec(line);
    if (js) assign(`js:${js[1]}`, i, nodeValue(js[2], arrays, jsParsers));
    const destructured = /\b(?:const|let|var)\s*\[([^\]]*)\]\s*=\s*process\.argv(?:\.slice\(\s*(\d+)\s*\))?/.exec(line);
    if (destructured)
      for (const [k, item] of destructured[1].split(',').entries()) {
        const name = /^\s*(\w+)/.exec(item)?.[1];
        if (name) assign(`js:${name}`, i, k + Number(destructured[2] ?? 0) >= 2 ? '' : undefined);
      }
    const jsFunction =
      /\bfunction\s*([\w$]*)\s*\(([^)]*)\)/.exec(line) ??
      /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?\(([^)]*)\)\s*(?:=>|\{)/.exec(line);
    if (jsFunction)
      for (const [k, param] of splitArguments(jsFunction[2]).entries()) {
        const name = /^\s*(\.\.\.)?([A-Za-z_$][\w$]*)/.exec(param);
        if (name)
          assign(
            `js:${name[2]}`,
            i,
            jsFunction[1] && !name[1] ? `param:js:${jsFunction[1]}#${k}:${name[2]}` : undefined,
          );
      }
    // commander's .action((dir, options) => …): the parameters are the caller's.
    const action = /\.action\(\s*(?:async\s+)?(?:function\s*\w*\s*\(([^)]*)\)|\(([^)]*)\)\s*=>|(\w+)\s*=>)/.exec(line);
    if (action)
      for (const param of (action[1] ?? action[2] ?? action[3]).split(',')) {
        const name = /^\s*([A-Za-z_$][\w$]*)/.exec(param)?.[1];
        if (name) assign(`js:${name}`, i, '');
      }
    // PowerShell: $Name = value.
    const ps = /^\s*\$(\w+)\s*=\s*(.+?)\s*$/.exec(line);
    if (ps) assign(`ps:${ps[1].toLowerCase()}`, i, powershellValue(ps[2]));
  }
  // PowerShell: the names of a param( … ) block are the caller's.
  for (let i = 0; i < code.length; i++) {
    const at = /^\s*(?:\[[^\]]*\]\s*)*param\s*\(/i.exec(code[i]);
    if (!at) continue;
    for (const m of callArguments(code, i, at[0].length).matchAll(/\$(\w+)/g))
      if (!/^(?:true|false|null)$/i.test(m[1])) roots.add(`ps:${m[1].toLowerCase()}`);
  }
  const scope: Scope = {
    assignments,
    calls: functionCalls(code, assignments),
    roots,
    functions: shellFunctions(code),
    guarded: new Set(),
    fsNames,
    fsFunctions,
    fsExtraNames,
    arrays,
    jsParsers,
    rmtreeImported: /^\s*from\s+shutil\s+import\s+[^\n]*\brmtree\b/m.test(joined),
    parsers,
  };
  readGuards(code, scope);
  return scope;
}

/**
 * The chain of keys by which `key`, at `line`, holds the caller's path (the key itself first),
 * or undefined when it does not: a name holds what its assignment nearest above gave it (or,
 * with none above, what every assignment gives it), and a shell function's `$1` what its calls
 * pass.
 */
function callerChain(scope: Scope, key: string, line: number, depth = 0): string[] | undefined {
  if (depth > 12) return undefined;
  if (key === '') return [];
  if (SH_ALWAYS.has(key) || scope.roots.has(key)) return [key];
  const parameter = PARAMETER.exec(key);
  if (parameter) {
    const [, lang, name, index, param] = parameter;
    for (const call of scope.calls.get(`${lang}:${name}`) ?? []) {
      // By name (`reset(workspace=…)`, Python) or by place.
      const named = call.args.map((a) => /^\s*([A-Za-z_]\w*)\s*=(?![=>])\s*([\s\S]*)$/.exec(a));
      const byName = lang === 'py' ? named.find((m) => m?.[1] === param)?.[2] : undefined;
      const byPlace = named[Number(index)] ? undefined : call.args[Number(index)];
      const passed = byName ?? byPlace;
      const from =
        passed === undefined || passed.trim() === ''
          ? undefined
          : lang === 'py'
            ? pythonValue(passed, scope.parsers)
            : nodeValue(passed, scope.arrays, scope.jsParsers);
      const chain = from === undefined ? undefined : callerChain(scope, from, call.line, depth + 1);
      if (chain) return [key, ...chain];
    }
    return undefined;
  }
  if (isPositional(key)) {
    const fn = scope.functions.find((f) => f.first <= line && line <= f.last);
    if (!fn) return [key];
    for (const call of fn.calls) {
      const spread = call.words.findIndex((w) => /^"?\$(?:@|\*|\{@\})"?$/.test(w));
      const n = key === '$@' || key === '$*' ? 0 : Number(key.slice(1));
      let passed: string | undefined;
      if (spread >= 0 && (n === 0 || spread <= n - 1)) passed = n === 0 ? '$@' : `$${n - spread}`;
      else if (n === 0) passed = call.words.map(shellKey).find((k) => k !== undefined);
      else passed = shellKey(call.words[n - 1] ?? '');
      const chain = passed === undefined ? undefined : callerChain(scope, passed, call.line, depth + 1);
      if (chain) return [key, ...chain];
    }
    return undefined;
  }
  const list = scope.assignments.get(key) ?? [];
  const above = list.filter((a) => a.line <= line).at(-1);
  const reaching = above ? [above] : list;
  if (reaching.length === 0 || reaching.some((a) => a.from === undefined)) return undefined;
  const { from, line: at } = reaching[0];
  if (from === '') return [key];
  if (from === key) return undefined;
  const rest = callerChain(scope, from!, at, depth + 1);
  return rest ? [key, ...rest] : undefined;
}

/** Records the keys the file checks against `/`, the home folder or a prefix. */
function readGuards(code: readonly string[], scope: Scope): void {
  const keys = [...scope.assignments.keys(), ...scope.roots];
  const shellNames = [
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '*', 'OPTARG', 'ARGUMENTS'],
    ...keys.filter((k) => k.startsWith('sh:')).map((k) => k.slice(3)),
  ];
  const others = keys.filter((k) => !k.startsWith('sh:'));
  for (let i = 0; i < code.length; i++) {
    const line = code[i];
    if (line === '') continue;
    if (/\[|\btest\b|\bcase\b/.test(line))
      for (const name of shellNames) {
        const key = /^(?:[1-9@*]|OPTARG|ARGUMENTS)$/.test(name) ? `$${name}` : `sh:${name}`;
        if (!line.includes(name)) continue;
        const ref = String.raw`"?\$\{?${escape(name)}(?:[:%#/][^}]*)?\}?"?`;
        // [ "$d" = / ], [[ "$d" == "$HOME" ]], [[ "$d" == /tmp/* ]], [[ "$d" != "$base"/* ]]
        const test = new RegExp(String.raw`(?:\[\[?|\btest)\s[^\]]*?${ref}\s*(?:==?|!=)\s*(\S+)`);
        const rhs = test.exec(line)?.[1]?.replace(/["']/g, '');
        if (rhs !== undefined && (rhs === '/' || /^(?:~|\$\{?HOME\}?)\/?$/.test(rhs) || rhs.includes('*')))
          scope.guarded.add(key);
        // case "$d" in /tmp/*) … or "$base"/*) …
        if (new RegExp(String.raw`\bcase\s+${ref}\s+in\b`).test(line))
          for (let k = i; k < Math.min(code.length, i + 16); k++) {
            const after = k === i ? line.replace(/^.*?\bin\b/, '') : code[k];
            if (/(?:^|[\s(|])"?(?:\/|~|\$\{?\w+\}?"?\/)[^)\s]*\*"?\s*\)/.test(after)) {
              scope.guarded.add(key);
              break;
            }
            if (/\besac\b/.test(code[k])) break;
          }
      }
    for (const key of others) {
      const lang = key.slice(0, 2);
      const name = key.slice(3);
      const mentions = new RegExp(
        lang === 'ps' ? String.raw`\$${escape(name)}\b` : String.raw`(?<![\w.])${escape(name)}\b`,
        lang === 'ps' ? 'i' : '',
      );
      if (!mentions.test(line)) continue;
      const check =
        lang === 'py'
          ? /\.startswith\(|\bis_relative_to\(|\.relative_to\(|\bcommonpath\(|\bPath\.home\(\)|\bexpanduser\(\s*["']~["']\s*\)|[=!]=\s*["']\/["']/
          : lang === 'js'
            ? /\.startsWith\(|\bpath\.relative\(|\bos\.homedir\(\)|[=!]==?\s*['"`]\/['"`]/
            : /\.StartsWith\(|-(?:not)?like\b|-(?:eq|ne)\s+(?:['"][\\/]['"]|\$HOME\b|\$env:USERPROFILE\b)/i;
      if (check.test(line)) scope.guarded.add(key);
    }
  }
}

/**
 * A shell word's key as the file means it: a `${dir}` in a JavaScript template or a `$Path`
 * after PowerShell's `rm` alias names the other language's variable when the shell has none.
 */
function shellMeant(scope: Scope, key: string): string {
  if (!key.startsWith('sh:') || scope.assignments.has(key)) return key;
  const name = key.slice(3);
  for (const other of [`js:${name}`, `py:${name}`, `ps:${name.toLowerCase()}`])
    if (scope.assignments.has(other) || scope.roots.has(other)) return other;
  return key;
}

/** Whether `key`, at `line`, is the caller's path, unchecked. */
function unchecked(scope: Scope, key: string, line: number): boolean {
  const chain = callerChain(scope, key, line);
  return chain !== undefined && !chain.some((k) => scope.guarded.has(k));
}

/**
 * Every recursive delete, in `lines` (one file's code, a logical line each), of a path the
 * caller passes and the file does not check. `commandStart` is where a shell command may start.
 */
export function findCallerDeletes(lines: readonly string[], commandStart: string): CallerDelete[] {
  if (
    !lines.some((l) =>
      /\brm\b|rmtree|-delete\b|\brm(?:dir)?(?:Sync)?\s*\(|remove|::Delete\(|\b(?:ri|del|erase|rd)\b/i.test(l),
    )
  )
    return [];
  const scope = readScope(lines);
  const found: CallerDelete[] = [];
  const findDelete = new RegExp(
    String.raw`${commandStart}(find\s+("[^"]*"|\S+)\s[^\n;|]*?(?:-delete\b|-exec\s+rm\s+-[a-zA-Z]*[rR]))`,
    'g',
  );
  const shellRm = new RegExp(
    String.raw`${commandStart}(rm\s+((?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*)((?:"[^"]*"|'[^']*'|\$\{[^}]*\}|[^;&|)\n#\x60])*))`,
    'g',
  );
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isComment(line)) continue;
    // Shell: rm -r … "$dir"
    for (const m of line.matchAll(shellRm)) {
      if (!/(?:^|\s)-[a-zA-Z]*[rR]|--recursive\b/.test(m[2])) continue;
      const words = shellWords(m[3]).filter((w) => w !== '--' && !/^\d*[<>]/.test(w));
      const hit = words.some((w) => {
        const key = shellKey(w);
        return key !== undefined && unchecked(scope, shellMeant(scope, key), i);
      });
      if (!hit) continue;
      const start = m.index + m[0].length - m[1].length;
      found.push({ line: i, start, end: start + m[1].trimEnd().length });
    }
    // Shell: find "$dir" … -delete, or -exec rm -r.
    for (const m of line.matchAll(findDelete)) {
      const key = shellKey(m[2]);
      if (key === undefined || !unchecked(scope, shellMeant(scope, key), i)) continue;
      const start = m.index + m[0].length - m[1].length;
      found.push({ line: i, start, end: start + m[1].length });
    }
    // Python and Node: rm -r run from a list (subprocess.run(["rm", "-rf", path])), an f-string or a concatenation.
    for (const m of line.matchAll(
      /\[\s*["']rm["']\s*,\s*["']-[a-zA-Z]*[rR][a-zA-Z]*["']\s*,\s*(?:["']-[a-zA-Z-]+["']\s*,\s*)*([^,\]]+)|\bf(["'])rm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*["']?\{([\w.[\]]+)\}["']?(?:\/\*)?\2|(["'`])rm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*\4\s*\+\s*([\w.[\]]+)\s*(?:[),;]|$)/g,
    )) {
      const expression = m[1] ?? m[3] ?? m[5];
      const key = pythonValue(expression, scope.parsers) ?? nodeValue(expression, scope.arrays, scope.jsParsers);
      const meant = key?.startsWith('py:') ? [key, `js:${key.slice(3)}`] : key === undefined ? [] : [key];
      if (!meant.some((k) => (scope.assignments.has(k) || scope.roots.has(k) || k === '') && unchecked(scope, k, i)))
        continue;
      found.push({ line: i, start: m.index, end: m.index + m[0].length });
    }
    // Python: shutil.rmtree(path), rmtree(path) imported by name.
    for (const m of line.matchAll(/\b(?:shutil\.)?rmtree\(/g)) {
      if (!m[0].startsWith('shutil.') && (!scope.rmtreeImported || line[m.index - 1] === '.')) continue;
      const args = callArguments(lines, i, m.index + m[0].length);
      const from = pythonValue(firstArgument(args), scope.parsers);
      if (from === undefined || !unchecked(scope, from, i)) continue;
      found.push({ line: i, start: m.index, end: Math.min(line.length, m.index + m[0].length + args.length + 1) });
    }
    // Node: fs.rmSync(path, { recursive: true }), rm(path, …) imported by name, fs-extra's remove.
    for (const m of line.matchAll(/(?<![\w$.])(?:(\w+)\.(?:promises\.)?(\w+)|(\w+))\(/g)) {
      const owner = m[1];
      const fn = m[2] ?? m[3];
      const fsDelete =
        owner !== undefined ? scope.fsNames.has(owner) && DELETE_FUNCTIONS.has(fn) : scope.fsFunctions.has(fn);
      const extraDelete =
        owner !== undefined &&
        scope.fsExtraNames.has(owner) &&
        /^(?:remove|removeSync|emptyDir|emptyDirSync)$/.test(fn);
      if (!fsDelete && !extraDelete) continue;
      const args = callArguments(lines, i, m.index + m[0].length);
      if (fsDelete && !/\brecursive\s*:\s*true\b/.test(args)) continue;
      const from = nodeValue(firstArgument(args), scope.arrays, scope.jsParsers);
      if (from === undefined || !unchecked(scope, from, i)) continue;
      found.push({ line: i, start: m.index, end: Math.min(line.length, m.index + m[0].length + args.length + 1) });
    }
    // PowerShell: Remove-Item … -Recurse … $Path; [IO.Directory]::Delete($Path, $true).
    // Also what a pipeline gives it: Get-ChildItem -Path $Path | Where-Object … | Remove-Item -Recurse.
    const remove = /\b(?:Remove-Item|ri|del|erase|rd|rmdir)\b([^;|\n]*)/i.exec(line);
    if (remove && /\s-Recurse\b/i.test(remove[1])) {
      const piped = /\b(?:Get-ChildItem|gci|Get-Item|gi|ls|dir)\b([^;|\n]*)\|[^;\n]*$/i.exec(
        line.slice(0, remove.index),
      );
      const args = `${piped?.[1] ?? ''} ${remove[1]}`.replace(/\([^()]*\)/g, ' ');
      const hit =
        /\$args\[\d+\]/i.test(args) ||
        [...args.matchAll(/(?:^|\s)"?\$(\w+)(?:[\\/]\*?)?"?(?=\s|$)/g)].some((v) =>
          unchecked(scope, `ps:${v[1].toLowerCase()}`, i),
        );
      if (hit) found.push({ line: i, start: remove.index, end: remove.index + remove[0].trimEnd().length });
    }
    const directory = /\[(?:System\.)?IO\.Directory\]::Delete\(\s*\$(\w+)\s*,\s*\$true\s*\)/i.exec(line);
    if (directory && unchecked(scope, `ps:${directory[1].toLowerCase()}`, i))
      found.push({ line: i, start: directory.index, end: directory.index + directory[0].length });
  }
  return found;
}
