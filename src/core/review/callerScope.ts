// What one file of code says about the caller's path, for the caller-delete rule (callerDeletes.ts):
// its imports that delete, its assignments and what each value mentions, its shell functions and
// the calls of its Python and Node functions, and the names it checks against `/`, the home
// folder or a prefix.
import {
  callArguments,
  codeOutsideStrings,
  nodeValue,
  powershellValue,
  pythonValue,
  shellNameKey,
  shellReferences,
  shellValue,
  shellWords,
  splitArguments,
} from './callerValues';

export interface Assignment {
  readonly line: number;
  readonly from: readonly string[];
}

/** Always the caller's: getopts's argument, and the arguments a skill is invoked with. */
export const SH_ALWAYS = new Set(['$OPTARG', '$ARGUMENTS']);
export const isPositional = (key: string) => /^\$[1-9@*]$/.test(key);

export const FS_MODULE = String.raw`['"](?:node:)?fs(?:/promises)?['"]`;
export const FS_EXTRA = String.raw`['"]fs-extra['"]`;
export const DELETE_FUNCTIONS = new Set(['rm', 'rmSync', 'rmdir', 'rmdirSync']);

/** A shell function: its name, its lines (first and last), and where it is called with which words. */
export interface ShellFunction {
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
export type FunctionCalls = Map<string, { readonly line: number; readonly args: readonly string[] }[]>;

/** The key of a parameter: `param:py:reset#0:workspace` (the language, the function, its index, its name). */
export const PARAMETER = /^param:(py|js):([\w$]+)#(\d+):([\w$]+)$/;

/** What a file imports that deletes: known from its imports alone, before any name is followed. */
export interface Imports {
  /** Node: the names `fs`'s module goes by, the delete functions imported by name, fs-extra's names. */
  readonly fsNames: Set<string>;
  readonly fsFunctions: Set<string>;
  readonly fsExtraNames: Set<string>;
  /** Python: whether `rmtree` is imported by name. */
  readonly rmtreeImported: boolean;
}

/** What a file says about the caller's path. */
export interface Scope extends Imports {
  readonly assignments: Map<string, Assignment[]>;
  readonly calls: FunctionCalls;
  /** Keys that are the caller's argument wherever they stand (PowerShell's parameters). */
  readonly roots: Set<string>;
  readonly functions: readonly ShellFunction[];
  readonly guarded: Set<string>;
  /**
   * callerChain's answers, by key, line and strictness: each is worked out once, so that a file
   * whose names mention many others costs time in proportion to its assignments, never more; a
   * question still being worked out (a name given a value made from a name given its own) is
   * `null`, and answers "not the caller's".
   */
  readonly chains: Map<string, readonly string[] | undefined | null>;
}

export const isComment = (line: string) => /^\s*(?:#|\/\/|<#|\*)/.test(line);
export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a shell command may start, for a function's call. */
export const SH_CALL_AT = String.raw`(?:^\s*|[;&|({]\s*|\b(?:then|do|else|if|while|until|!)\s+|\$\(\s*)`;

export function shellFunctions(code: readonly string[]): ShellFunction[] {
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
export function functionCalls(code: readonly string[], assignments: ReadonlyMap<string, Assignment[]>): FunctionCalls {
  const names = new Set<string>();
  for (const list of assignments.values())
    for (const { from } of list)
      for (const key of from) {
        const m = PARAMETER.exec(key);
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

/** An assignment's value, with the lines it runs on to while a bracket it opens is still open (a dict over several lines). */
export function continued(code: readonly string[], at: number, value: string): string {
  const depth = (text: string) => {
    const outside = codeOutsideStrings(text);
    return (outside.match(/[([{]/g)?.length ?? 0) - (outside.match(/[)\]}]/g)?.length ?? 0);
  };
  let text = value;
  for (let k = at + 1; k < Math.min(code.length, at + 40) && depth(text) > 0; k++) text += ` ${code[k].trim()}`;
  return text;
}

/** The lines without their comments. */
export const codeOf = (lines: readonly string[]) => lines.map((line) => (isComment(line) ? '' : line));

/** Reads what the file imports that deletes (its code without comments, joined). */
export function readImports(joined: string): Imports {
  const fsNames = new Set(['fs', 'fsp', 'fsPromises']);
  const fsFunctions = new Set<string>();
  const fsExtraNames = new Set<string>();
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
  return {
    fsNames,
    fsFunctions,
    fsExtraNames,
    rmtreeImported: /^\s*from\s+shutil\s+import\s+[^\n]*\brmtree\b/m.test(joined),
  };
}

/** Reads the file's assignments, its shell functions and its checks, beside its imports. */
export function readScope(lines: readonly string[], imports: Imports): Scope {
  const assignments = new Map<string, Assignment[]>();
  const roots = new Set<string>();
  const code = codeOf(lines);
  const assign = (key: string, line: number, from: readonly string[]) => {
    const list = assignments.get(key) ?? [];
    list.push({ line, from });
    assignments.set(key, list);
  };

  let pyClass: { indent: number; name: string } | undefined;
  for (let i = 0; i < code.length; i++) {
    const line = code[i];
    if (line === '') continue;
    // Shell: NAME=value (after local, export, readonly, declare), for NAME in …, read NAME.
    for (const m of line.matchAll(
      /(?:^|[\s;&|({])(?:(?:local|export|readonly|typeset|declare(?:\s+-\w+)*)\s+)?([A-Za-z_]\w*)=(?!=)(?=(.*))/g,
    ))
      assign(`sh:${m[1]}`, i, shellValue(m[2]));
    const loop = /\bfor\s+([A-Za-z_]\w*)\s*(?:in\s+(.*?)\s*(?:;|\bdo\b|$)|;|\s+do\b|$)/.exec(line);
    if (loop) assign(`sh:${loop[1]}`, i, loop[2] === undefined ? ['$@'] : shellReferences(loop[2]));
    const read = /(?:^\s*|[;&|({]\s*|\b(?:then|do|else)\s+)read\s+((?:"[^"]*"|'[^']*'|[^;&|<>"'])*)(\s*<)?/.exec(line);
    if (read) {
      const fromStream = read[2] !== undefined || /\bwhile\s+(?:IFS=\S*\s+)?read\b|\|\s*while\b/.test(line);
      // zsh's `read "name?prompt"` names the variable inside the quotes.
      const words = read[1]
        .replace(/"(\w+)\?[^"]*"|"[^"]*"|'[^']*'/g, (_m, zsh?: string) => ` ${zsh ?? ''} `)
        .split(/\s+/);
      for (const [k, word] of words.entries())
        if (/^[A-Za-z_]\w*$/.test(word) && !/^-[tndu]$/.test(words[k - 1] ?? ''))
          assign(`sh:${word}`, i, fromStream ? [] : ['']);
    }
    // Python: NAME = expression, a, b = expression, for a, b in …: each name mentions what the value does.
    const py =
      /^\s*((?:self\.)?[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::\s*[\w.[\], ]+)?\s*=\s*([^=].*?)\s*(?:#.*)?$/.exec(
        line,
      );
    if (py) for (const name of py[1].split(',')) assign(`py:${name.trim()}`, i, pythonValue(continued(code, i, py[2])));
    const pyLoop = /^\s*(?:async\s+)?for\s+\(?([\w\s,]+?)\)?\s+in\s+(.+?)\s*:/.exec(line);
    if (pyLoop) for (const name of pyLoop[1].split(',')) assign(`py:${name.trim()}`, i, pythonValue(pyLoop[2]));
    const klass = /^(\s*)class\s+(\w+)\b/.exec(line);
    if (klass) pyClass = { indent: klass[1].length, name: klass[2] };
    else if (pyClass && line.trim() !== '' && (/^\s*/.exec(line)?.[0].length ?? 0) <= pyClass.indent)
      pyClass = undefined;
    const def = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(/.exec(line);
    // A class's __init__ holds what `C(…)` passes, its `self` left out.
    const constructorOf = def && def[2] === '__init__' && pyClass ? pyClass.name : undefined;
    if (def) {
      // A command-line entry point (click's, typer's) takes its parameters from the caller.
      let decorated = false;
      for (let k = i - 1; k >= 0 && /^\s*@/.test(code[k]); k--)
        if (/^\s*@(?:click\.|\w+\.command\b|\w+\.(?:argument|option)\()/.test(code[k])) decorated = true;
      for (const [k, param] of splitArguments(callArguments(code, i, def[0].length)).entries()) {
        const name = /^\s*\**([A-Za-z_]\w*)/.exec(param)?.[1];
        if (!name) continue;
        const caller = decorated || /=\s*typer\.(?:Argument|Option)\(/.test(param);
        if (constructorOf !== undefined && k === 0) continue;
        const fn = constructorOf ?? def[2];
        const at = constructorOf !== undefined ? k - 1 : k;
        assign(`py:${name}`, i, [caller ? '' : `param:py:${fn}#${at}:${name}`]);
      }
      // The function's name holds what it returns (`args = parse_args()` of a helper of the file's own).
      const returned: string[] = [];
      for (let k = i + 1; k < code.length; k++) {
        if (code[k].trim() === '') continue;
        if ((/^\s*/.exec(code[k])?.[0].length ?? 0) <= def[1].length) break;
        const r = /^\s*return\s+(.+?)\s*$/.exec(code[k]);
        if (r) returned.push(...pythonValue(r[1]));
      }
      assign(`py:${def[2]}`, i, returned);
    }
    // Node: const NAME = expression; NAME = expression; const { a, b: c } = …; const [a, b] = …; for (const t of …).
    const js = /(?:\b(?:const|let|var)\s+|^\s*)([A-Za-z_$][\w$]*)\s*=\s*([^=>].*?)\s*;?\s*$/.exec(line);
    if (js) assign(`js:${js[1]}`, i, nodeValue(continued(code, i, js[2])));
    const destructured = /\b(?:const|let|var)\s*([{[])([^}\]]*)[}\]]\s*=\s*(.+?)\s*;?\s*$/.exec(line);
    if (destructured)
      for (const item of destructured[2].split(',')) {
        const name = /(?:^|:)\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*(?:=.*)?$/.exec(item.trim())?.[1];
        if (name) assign(`js:${name}`, i, nodeValue(destructured[3]));
      }
    const forOf = /\bfor\s*\(\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s+of\s+(.+?)\)\s*\{?\s*$/.exec(line);
    if (forOf) assign(`js:${forOf[1]}`, i, nodeValue(forOf[2]));
    const jsFunction =
      /\bfunction\s*([\w$]*)\s*\(([^)]*)\)/.exec(line) ??
      /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?\(([^)]*)\)\s*(?:=>|\{)/.exec(line);
    if (jsFunction)
      for (const [k, param] of splitArguments(jsFunction[2]).entries()) {
        // A destructured options object, `{ outDir, dryRun }: CleanOptions`: each name holds what the call passes.
        const names = /^\s*\{([^}]*)\}/
          .exec(param)?.[1]
          .split(',')
          .map((item) => /(?:^|:)\s*([A-Za-z_$][\w$]*)\s*(?:=.*)?$/.exec(item.trim())?.[1]);
        const name = /^\s*(\.\.\.)?([A-Za-z_$][\w$]*)/.exec(param);
        for (const one of names ?? (name ? [name[2]] : []))
          if (one) assign(`js:${one}`, i, jsFunction[1] && !name?.[1] ? [`param:js:${jsFunction[1]}#${k}:${one}`] : []);
      }
    // commander's .action((dir, options) => …): the parameters are the caller's.
    const action = /\.action\(\s*(?:async\s+)?(?:function\s*\w*\s*\(([^)]*)\)|\(([^)]*)\)\s*=>|(\w+)\s*=>)/.exec(line);
    if (action)
      for (const param of (action[1] ?? action[2] ?? action[3]).split(',')) {
        const name = /^\s*([A-Za-z_$][\w$]*)/.exec(param)?.[1];
        if (name) assign(`js:${name}`, i, ['']);
      }
    // PowerShell: $Name = value.
    const ps = /^\s*\$(\w+)\s*=\s*(.+?)\s*$/.exec(line);
    if (ps) assign(`ps:${ps[1].toLowerCase()}`, i, powershellValue(ps[2]));
    // PowerShell: a function's parameters in its head, `function Clear-Folder([string]$Folder)`, as a param() block's.
    const psFunction = /^\s*function\s+[\w-]+\s*\(([^)]*)\)/i.exec(line);
    if (psFunction && /\$\w/.test(psFunction[1]))
      for (const m of psFunction[1].matchAll(/\$(\w+)/g)) roots.add(`ps:${m[1].toLowerCase()}`);
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
    ...imports,
    chains: new Map(),
  };
  readGuards(code, scope);
  return scope;
}

/** Records the keys the file checks against `/`, the home folder or a prefix. */
export function readGuards(code: readonly string[], scope: Scope): void {
  const keys = [...scope.assignments.keys(), ...scope.roots];
  const shellNames = [
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '*', 'OPTARG', 'ARGUMENTS'],
    ...keys.filter((k) => k.startsWith('sh:')).map((k) => k.slice(3)),
  ];
  // The checks first, the names after: a line that checks nothing costs three tests, not one per name.
  const checks: Record<string, RegExp> = {
    py: /\.startswith\(|\bis_relative_to\(|\.relative_to\(|\bcommonpath\(|\bPath\.home\(\)|\bexpanduser\(\s*["']~["']\s*\)|[=!]=\s*["']\/["']/,
    js: /\.startsWith\(|\bpath\.relative\(|\bos\.homedir\(\)|[=!]==?\s*['"`]\/['"`]/,
    ps: /\.StartsWith\(|-(?:not)?like\b|-(?:eq|ne)\s+(?:['"][\\/]['"]|\$HOME\b|\$env:USERPROFILE\b)/i,
  };
  const byLang = new Map<string, { key: string; mentions: RegExp }[]>();
  for (const key of keys) {
    const lang = key.slice(0, 2);
    if (lang === 'sh' || !(lang in checks)) continue;
    const name = key.slice(3);
    const mentions =
      lang === 'ps'
        ? new RegExp(String.raw`\$${escape(name)}\b`, 'i')
        : new RegExp(String.raw`(?<![\w.])${escape(name)}\b`);
    const list = byLang.get(lang) ?? [];
    list.push({ key, mentions });
    byLang.set(lang, list);
  }
  const shellPatterns = new Map<string, { test: RegExp; case: RegExp }>();
  const shellPatternsOf = (name: string) => {
    let patterns = shellPatterns.get(name);
    if (!patterns) {
      const ref = String.raw`"?\$\{?${escape(name)}(?:[:%#/][^}]*)?\}?"?`;
      patterns = {
        // [ "$d" = / ], [[ "$d" == "$HOME" ]], [[ "$d" == /tmp/* ]], [[ "$d" != "$base"/* ]]
        test: new RegExp(String.raw`(?:\[\[?|\btest)\s[^\]]*?${ref}\s*(?:==?|!=)\s*(\S+)`),
        case: new RegExp(String.raw`\bcase\s+${ref}\s+in\b`),
      };
      shellPatterns.set(name, patterns);
    }
    return patterns;
  };
  for (let i = 0; i < code.length; i++) {
    const line = code[i];
    if (line === '') continue;
    if (line.includes('$') && /\[|\btest\b|\bcase\b/.test(line))
      for (const name of shellNames) {
        if (!line.includes(name)) continue;
        const key = shellNameKey(name);
        const patterns = shellPatternsOf(name);
        const rhs = patterns.test.exec(line)?.[1]?.replace(/["']/g, '');
        if (rhs !== undefined && (rhs === '/' || /^(?:~|\$\{?HOME\}?)\/?$/.test(rhs) || rhs.includes('*')))
          scope.guarded.add(key);
        // case "$d" in /tmp/*) … or "$base"/*) …
        if (patterns.case.test(line))
          for (let k = i; k < Math.min(code.length, i + 16); k++) {
            const after = k === i ? line.replace(/^.*?\bin\b/, '') : code[k];
            if (/(?:^|[\s(|])"?(?:\/|~|\$\{?\w+\}?"?\/)[^)\s]*\*"?\s*\)/.test(after)) {
              scope.guarded.add(key);
              break;
            }
            if (/\besac\b/.test(code[k])) break;
          }
      }
    for (const [lang, list] of byLang) {
      if (!checks[lang].test(line)) continue;
      for (const { key, mentions } of list) if (mentions.test(line)) scope.guarded.add(key);
    }
  }
}
