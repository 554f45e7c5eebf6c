// Where a skill's secret is kept in SecretStorage. Its own module, so that whoever needs the key
// (the secret commands, the MCP server's environment) does not pull the executor into the main
// bundle.
import { pathKey } from '../core/base/paths';

/**
 * Per skill folder, so that a skill from another repository that declares the same name
 * (GITHUB_TOKEN) never receives the value the user set for another skill (docs/actions.md,
 * "Policies").
 */
export function secretKey(name: string, skillDir: string): string {
  return `skillsmith.secret.${pathKey(skillDir)}#${name}`;
}
