// The hosts' own invocation files (docs/hosts.md, "Invocation"): Codex ignores
// `disable-model-invocation` and reads `agents/openai.yaml` beside SKILL.md instead, where
// `policy: allow_implicit_invocation: false` keeps a skill from its model (openai/codex#29989).
// Reading which skills such a file keeps from the model, and writing it (merged into a file that
// exists, never replacing what the user wrote there).
import { isMap, parseDocument } from 'yaml';
import type { FileSystem } from '../base/fileSystem';
import { MAX_POLICY_FILE_BYTES } from '../base/limits';
import { joinPath, pathKey } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import { HOST_PROFILES, type HostId } from './profiles';

/** The policy files the hosts read, once each: [file below the skill folder, key path]. */
function policyFiles(hosts: readonly HostId[]): { file: string; key: readonly string[] }[] {
  const seen = new Map<string, { file: string; key: readonly string[] }>();
  for (const host of hosts) {
    const policy = HOST_PROFILES[host].implicitInvocationPolicy.value;
    if (policy) seen.set(`${policy.file}\u0000${policy.key.join('.')}`, policy);
  }
  return [...seen.values()];
}

/** The value at `key` of a YAML text: true, false, or undefined (no file, not YAML, not a boolean). */
export function policyValue(text: string, key: readonly string[]): boolean | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const value: unknown = doc.getIn(key);
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * The folders (path keys) of `dirs` whose policy file, for one of `hosts`, keeps the skill from
 * the model. A file that cannot be read or parsed keeps nothing (the host, too, ignores it).
 */
export async function implicitInvocationOff(
  fs: FileSystem,
  dirs: readonly string[],
  hosts: readonly HostId[],
): Promise<string[]> {
  const files = policyFiles(hosts);
  if (files.length === 0) return [];
  const off: string[] = [];
  await Promise.all(
    dirs.map(async (dir) => {
      for (const { file, key } of files) {
        const path = joinPath(dir, file);
        let text: string;
        try {
          if ((await fs.stat(path))?.kind !== 'file') continue;
          text = decodeUtf8(await fs.readFile(path, MAX_POLICY_FILE_BYTES));
        } catch {
          continue;
        }
        if (policyValue(text, key) === false) {
          off.push(pathKey(dir));
          return;
        }
      }
    }),
  );
  return off.sort();
}

/**
 * The text of a policy file that keeps the skill from the model: `existing` (undefined: none)
 * with the key set to false and everything else kept, comments too; an error when the existing
 * text is not a YAML mapping, which is left to the user to mend.
 */
export function withImplicitInvocationOff(
  existing: string | undefined,
  key: readonly string[],
): { ok: true; text: string } | { ok: false; reason: string } {
  const doc = parseDocument(existing ?? '');
  if (doc.errors.length > 0)
    return { ok: false, reason: `it is not valid YAML (${doc.errors[0].message.split('\n')[0]})` };
  if (doc.contents !== null && !isMap(doc.contents)) return { ok: false, reason: 'it is not a YAML mapping' };
  for (let i = 1; i < key.length; i++) {
    const parent: unknown = doc.getIn(key.slice(0, i), true);
    if (parent !== undefined && !isMap(parent))
      return { ok: false, reason: `its ${key.slice(0, i).join('.')} is not a mapping` };
  }
  doc.setIn(key, false);
  return { ok: true, text: doc.toString() };
}
