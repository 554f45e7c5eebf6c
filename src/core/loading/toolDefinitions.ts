// The contracts of the three skill tools (docs/tools.md): names, descriptions and input
// schemas, exactly as package.json declares them (a unit test keeps the two identical).

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export const LIST_SKILLS_TOOL: ToolDefinition = {
  name: 'skillsmith_listSkills',
  description:
    'Lists the Agent Skills available in this workspace: one line per skill with its name and a description of what it does and when to use it, plus where the skills live. Call it when you need to know which skills exist.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

export const LOAD_SKILL_TOOL: ToolDefinition = {
  name: 'skillsmith_loadSkill',
  description:
    "Loads one Agent Skill's full instructions by name, with the user's arguments substituted. Call it before following a skill whose description matches the request, then follow the instructions it returns. The result also lists the files the skill bundles.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The skill's name, exactly as listed (for example 'code-review')." },
      args: { type: 'string', description: 'Arguments for the skill: what the user asked it to work on. Optional.' },
    },
    required: ['name'],
    additionalProperties: false,
  },
};

export const READ_SKILL_FILE_TOOL: ToolDefinition = {
  name: 'skillsmith_readSkillFile',
  description:
    "Reads a text file that a skill bundles (under its scripts/, references/ or assets/), by the skill's name and the file's path relative to the skill's folder. Use it when a loaded skill tells you to read one of its files. Files outside the skill's folder are refused.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The skill's name." },
      path: {
        type: 'string',
        description: "The file's path relative to the skill's folder, such as 'references/guide.md'.",
      },
    },
    required: ['name', 'path'],
    additionalProperties: false,
  },
};
