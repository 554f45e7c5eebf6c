// Routing evals in the editor (docs/routing.md): what must exist at activation, and nothing
// more, because the main bundle has a size budget (`npm run bench`, bundle_kb). Only the
// commands are registered here. The rest (the Test Explorer controller, the eval file
// watchers, the routing lint) lives in the lazily loaded bundle (src/lazy/routing.ts), which
// is loaded once the first scan is done, off the activation path, or by the first command.
import * as vscode from 'vscode';
import type { RoutingFeature, RoutingModule } from '../../lazy/routing';
import { ROUTING_COMMANDS } from '../ids';
import { lazyModule } from '../lazy';
import type { SkillsmithServices } from '../services';

/** Registers the routing feature; returns its disposables. */
export function registerRouting(services: SkillsmithServices): vscode.Disposable[] {
  const load = lazyModule<RoutingModule>('routing');
  let feature: RoutingFeature | undefined;
  const get = (): RoutingFeature => (feature ??= load().createRoutingFeature(services));
  // After the first scan, not during it: loading the bundle holds the event loop for a moment.
  const firstScan = services.watcher.onDidScan(() => {
    firstScan.dispose();
    get();
  });
  return [
    firstScan,
    ...Object.values(ROUTING_COMMANDS).map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => get().command(id, args)),
    ),
    { dispose: () => void feature?.dispose() },
  ];
}
