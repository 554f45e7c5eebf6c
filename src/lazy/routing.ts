// The routing feature's lazily loaded bundle (dist/lazy/routing.js); what is registered at
// activation is in src/vscode/routing/registerRouting.ts.
import type * as vscode from 'vscode';
import type { SkillsmithServices } from '../vscode/services';
import { RoutingController } from '../vscode/routing/routingController';

/** What the activation-time registration calls into. */
export interface RoutingFeature extends vscode.Disposable {
  /** Runs one of ROUTING_COMMANDS (src/vscode/ids.ts) with the arguments it was given. */
  command(id: string, args: readonly unknown[]): Promise<unknown>;
}

export interface RoutingModule {
  createRoutingFeature(services: SkillsmithServices): RoutingFeature;
}

/** Builds the feature: the Test Explorer controller, the eval files, the lint and the commands. */
export function createRoutingFeature(services: SkillsmithServices): RoutingFeature {
  return new RoutingController(services);
}
