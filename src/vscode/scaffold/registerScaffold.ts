// The New Skill command. Its implementation (the pickers, the templates, the writing) is in a
// lazily loaded bundle (dist/lazy/scaffold.js), required the first time the command runs.
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { lazyModule } from '../lazy';
import type { SkillsmithServices } from '../services';
import type { NewSkillArgs } from './newSkill';
import { inBackground } from '../background';
import { markWalkthroughStepDone } from '../walkthrough';

const scaffold = lazyModule<typeof import('../../lazy/scaffold')>('scaffold');

export function registerScaffold(services: SkillsmithServices): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.newSkill, (arg?: NewSkillArgs | vscode.Uri) => {
      const args: NewSkillArgs = arg instanceof vscode.Uri ? { location: arg } : (arg ?? {});
      return scaffold()
        .newSkill(services, args)
        .then((created) => {
          if (created) markWalkthroughStepDone(services.log, 'skillCreated');
          return created;
        })
        .catch((error: unknown) => {
          const message = `New Skill failed: ${error instanceof Error ? error.message : String(error)}`;
          services.log.warn(message);
          inBackground(services.log, 'an error message', vscode.window.showErrorMessage(message));
          return undefined;
        });
    }),
  ];
}
