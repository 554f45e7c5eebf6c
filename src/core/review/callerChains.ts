// Whether a name holds the caller's path, followed through the file's assignments
// (callerScope.ts): the chain of names from the delete back to a source, each worked out once.
import { nodeValue, pythonValue, shellValue } from './callerValues';
import { PARAMETER, SH_ALWAYS, Scope, isPositional } from './callerScope';

/** The first chain by which one of `keys`, at `line`, holds the caller's path (callerChain). */
export function firstChain(scope: Scope, keys: readonly string[], line: number, self?: string): string[] | undefined {
  for (const key of keys) {
    const chain = callerChain(scope, key, line, key === self);
    if (chain) return chain;
  }
  return undefined;
}

/**
 * The chain of keys by which `key`, at `line`, holds the caller's path (the key itself first),
 * or undefined when it does not: a name holds what its assignment nearest above mentions (or,
 * with none above, what every assignment mentions), a shell function's `$1` and a Python or
 * Node function's parameter what its calls pass. `strict` looks strictly above `line`: a name
 * given a value made from itself (`dir="$(realpath "$dir")"`) holds what it held before.
 */
export function callerChain(scope: Scope, key: string, line: number, strict = false): string[] | undefined {
  if (key === '') return [];
  const asked = `${key}\u0000${line}\u0000${strict}`;
  const known = scope.chains.get(asked);
  if (known !== undefined || scope.chains.has(asked)) return known === null ? undefined : known?.slice();
  scope.chains.set(asked, null);
  const chain = workOutChain(scope, key, line, strict);
  scope.chains.set(asked, chain);
  return chain;
}

/** callerChain's answer, worked out (callerChain keeps it). */
export function workOutChain(scope: Scope, key: string, line: number, strict: boolean): string[] | undefined {
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
      if (passed === undefined) continue;
      const chain = firstChain(scope, lang === 'py' ? pythonValue(passed) : nodeValue(passed), call.line);
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
      let passed: string[];
      if (spread >= 0 && (n === 0 || spread <= n - 1)) passed = [n === 0 ? '$@' : `$${n - spread}`];
      else if (n === 0) passed = call.words.flatMap(shellValue);
      else passed = shellValue(call.words[n - 1] ?? '');
      const chain = firstChain(scope, passed, call.line);
      if (chain) return [key, ...chain];
    }
    return undefined;
  }
  const list = scope.assignments.get(key) ?? [];
  const above = list.filter((a) => a.line < line || (!strict && a.line === line)).at(-1);
  const reaching = above ? [above] : strict ? [] : list;
  if (reaching.length === 0) return undefined;
  let chain: string[] | undefined;
  for (const assignment of reaching) {
    chain = firstChain(scope, assignment.from, assignment.line, key);
    if (!chain) return undefined;
  }
  return [key, ...chain!];
}

/**
 * A shell word's key as the file means it: a `${dir}` in a JavaScript template or a `$Path`
 * after PowerShell's `rm` alias names the other language's variable when the shell has none.
 */
export function shellMeant(scope: Scope, key: string): string {
  if (!key.startsWith('sh:') || scope.assignments.has(key)) return key;
  const name = key.slice(3);
  for (const other of [`js:${name}`, `py:${name}`, `ps:${name.toLowerCase()}`])
    if (scope.assignments.has(other) || scope.roots.has(other)) return other;
  return key;
}

/** Whether one of `keys`, at `line`, is the caller's path, unchecked. */
export function unchecked(scope: Scope, keys: string | readonly string[], line: number): boolean {
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const chain = callerChain(scope, key, line);
    if (chain !== undefined && !chain.some((k) => scope.guarded.has(k))) return true;
  }
  return false;
}

/** A shell word's keys as the file means them (shellValue, then shellMeant). */
export const shellKeys = (scope: Scope, word: string) => shellValue(word).map((key) => shellMeant(scope, key));
