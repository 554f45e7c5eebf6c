// The environment of an action's process (docs/actions.md, "Environment"): only what a program
// needs to start and find its way (the search path, home, temp, locale, and on Windows the
// system folders), the three SKILLSMITH_* variables, and the action's declared secrets.
// Nothing else of the editor's environment is passed on: tokens in the editor's environment
// never reach a skill's script by accident.
import { toNativePath } from '../base/paths';

/** Variables passed through from the caller's environment when set. */
const PASSED_THROUGH = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_MESSAGES',
  'TZ',
  // Windows: the search path's extensions, home and profile folders, and the system folders
  // without which many programs (Node among them) cannot start.
  'PATHEXT',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'SYSTEMDRIVE',
];

export interface ActionEnvironmentInput {
  /** The caller's own environment, read from (never passed on whole). */
  readonly base: Readonly<Record<string, string | undefined>>;
  readonly skillDir: string;
  readonly workspace: string | undefined;
  readonly action: string;
  readonly secrets: Readonly<Record<string, string>>;
  /** Extra variables the runner needs (ELECTRON_RUN_AS_NODE for the editor's own runtime). */
  readonly extra?: Readonly<Record<string, string>>;
}

/** The child's whole environment. Names are matched without case, as Windows does. */
export function actionEnvironment(input: ActionEnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {};
  const wanted = new Set(PASSED_THROUGH);
  for (const [name, value] of Object.entries(input.base)) {
    if (value !== undefined && wanted.has(name.toUpperCase())) env[name] = value;
  }
  env.SKILLSMITH_SKILL_DIR = toNativePath(input.skillDir);
  env.SKILLSMITH_WORKSPACE = input.workspace === undefined ? '' : toNativePath(input.workspace);
  env.SKILLSMITH_ACTION = input.action;
  return { ...env, ...input.extra, ...input.secrets };
}
