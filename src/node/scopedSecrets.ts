// A skill's secrets from the editor to `skillsmith mcp`, one skill's never another's (docs/mcp.md,
// "Secrets"). The extension keeps a secret per skill folder (src/vscode/secretKey.ts); the MCP
// server runs as a separate process and receives them in its environment. A bare variable
// (GITHUB_TOKEN) would reach every skill that declares the name, so each value travels under a
// variable of its own skill's folder, SKILLSMITH_SECRET_<folder hash>_<NAME>, and
// SKILLSMITH_SCOPED_SECRETS=1 tells the server to read nothing else: no bare name of the
// editor's environment reaches a skill either. A server started by hand reads the scoped
// variable first and the bare name after it, as the CLI does.
import { createHash } from 'node:crypto';
import { readActionsFile } from '../core/actions/declaration';
import type { FileSystem } from '../core/base/fileSystem';
import { pathKey } from '../core/base/paths';

/** Set to `1` by the extension: the server reads only the scoped variables. */
export const SCOPED_SECRETS_VARIABLE = 'SKILLSMITH_SCOPED_SECRETS';

/** The variable that carries the secret `name` of the skill in `skillDir` (and of no other). */
export function scopedSecretVariable(name: string, skillDir: string): string {
  const folder = createHash('sha256').update(pathKey(skillDir)).digest('hex').slice(0, 16).toUpperCase();
  return `SKILLSMITH_SECRET_${folder}_${name}`;
}

/** What the extension puts in the server's environment: each skill's values under its own variables. */
export async function scopedSecretEnvironment(
  skills: readonly { readonly dir: string; readonly secrets: readonly string[] }[],
  secret: (name: string, skillDir: string) => Promise<string | undefined>,
): Promise<Record<string, string>> {
  const env: Record<string, string> = { [SCOPED_SECRETS_VARIABLE]: '1' };
  for (const { dir, secrets } of skills) {
    for (const name of secrets) {
      const value = await secret(name, dir);
      if (value) env[scopedSecretVariable(name, dir)] = value;
    }
  }
  return env;
}

/**
 * The environment for the skills the catalog offers: the secrets each one's actions.json declares,
 * with the values `secret` gives for that skill. A skill whose actions.json is missing or invalid
 * declares none (the server refuses its actions anyway).
 */
export async function offeredSecretEnvironment(
  offered: readonly { readonly record: { readonly dir: string } }[],
  fs: FileSystem,
  secret: (name: string, skillDir: string) => Promise<string | undefined>,
): Promise<Record<string, string>> {
  const skills: { dir: string; secrets: string[] }[] = [];
  for (const { record } of offered) {
    const read = await readActionsFile(fs, record.dir).catch(() => undefined);
    if (!read?.ok) continue;
    skills.push({ dir: record.dir, secrets: [...new Set(read.actions.flatMap((action) => action.secrets))] });
  }
  return scopedSecretEnvironment(skills, secret);
}

/** The server's reading of a secret for one skill from its environment. */
export function secretFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): (name: string, skillDir: string) => string | undefined {
  const scopedOnly = env[SCOPED_SECRETS_VARIABLE] === '1';
  return (name, skillDir) => env[scopedSecretVariable(name, skillDir)] ?? (scopedOnly ? undefined : env[name]);
}
