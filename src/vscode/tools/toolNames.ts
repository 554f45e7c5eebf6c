// The names a model knows Skillsmith's language-model tools by. VS Code's Local harness offers a
// tool by its id (`skillsmith_listSkills`); its Copilot harness offers client tools by their
// reference names (package.json `toolReferenceName`: `skillList`). A tool cannot tell which harness
// called it, so the texts that send the model to another tool name both (a unit test keeps these
// names equal to the manifest's).
import { RUN_ACTION_TOOL } from '../../core/actions/actionTools';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../../core/loading/toolDefinitions';
import type { ToolContext } from '../../core/loading/tools';

export const TOOL_REFERENCE_NAMES: Readonly<Record<string, string>> = {
  [LIST_SKILLS_TOOL.name]: 'skillList',
  [LOAD_SKILL_TOOL.name]: 'skillLoad',
  [READ_SKILL_FILE_TOOL.name]: 'skillFile',
  [RUN_ACTION_TOOL.name]: 'skillAction',
};

const eitherName = (id: string) => `${id} (${TOOL_REFERENCE_NAMES[id]} in the Copilot harness)`;

/** The tool names for the texts of a call that may come from either harness. */
export const EITHER_HARNESS_TOOL_NAMES: Pick<ToolContext, 'listTool' | 'readFileTool' | 'runActionTool'> = {
  listTool: eitherName(LIST_SKILLS_TOOL.name),
  readFileTool: eitherName(READ_SKILL_FILE_TOOL.name),
  runActionTool: eitherName(RUN_ACTION_TOOL.name),
};
