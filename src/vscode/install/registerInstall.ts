// Skills: Add Skill from Repository… and Update Added Skills…; their work (git, the review, the add) is in a lazily loaded
// bundle (dist/lazy/install.js), required the first time the command runs.
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { lazyModule } from '../lazy';
import type { SkillsmithServices } from '../services';
import type { AddFromRepositoryArgs } from './addFromRepository';
import { inBackground } from '../background';

const install = lazyModule<typeof import('../../lazy/install')>('install');

export function registerInstall(services: SkillsmithServices): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.addFromRepository, (arg?: AddFromRepositoryArgs) =>
      install()
        .addFromRepository(services, arg ?? {})
        .catch((error: unknown) => {
          const message = `Add Skill from Repository failed: ${error instanceof Error ? error.message : String(error)}`;
          services.log.warn(message);
          inBackground(services.log, 'an error message', vscode.window.showErrorMessage(message));
          return [];
        }),
    ),
    vscode.commands.registerCommand(COMMANDS.updateAddedSkills, () =>
      install()
        .updateAddedSkills(services)
        .catch((error: unknown) => {
          const message = `Update Added Skills failed: ${error instanceof Error ? error.message : String(error)}`;
          services.log.warn(message);
          inBackground(services.log, 'an error message', vscode.window.showErrorMessage(message));
          return [];
        }),
    ),
  ];
}
