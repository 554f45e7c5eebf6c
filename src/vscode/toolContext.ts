// The core's tool context as the extension builds it (the one catalog, the workspace file
// system, the current settings), shared by the language-model tools and `@skills`.
import { formatToolError, type Requester, type ToolContext, type ToolResult } from '../core/loading/tools';
import type { SkillsmithServices } from './services';
import { readSettings } from './settings';

/** The core's tool context for the current settings, for `requester` (core/access decides what it may do). */
export function skillToolContext(services: SkillsmithServices, requester: Requester): ToolContext {
  const settings = readSettings();
  return {
    catalog: services.catalog,
    fs: services.fs,
    budget: settings.listingBudget,
    unicodeNames: settings.unicodeNames,
    requester,
    actionsEnabled: settings.actionsEnabled,
  };
}

/** The text a model receives for a core tool result: the output, or the structured error JSON. */
export function toolResultText(result: ToolResult): string {
  return result.ok ? result.text : formatToolError(result.error);
}
