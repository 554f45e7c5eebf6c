// The real errors of the wide corpus (../shared/corpus-wide, see its SOURCES.md), file by file.
// Each was checked by reading the file, and the whole list was confirmed by an independent
// parse (PyYAML, Python string lengths and the folder names), which finds the same 104 files
// and 113 errors. Any other error on this corpus is a false error.
import type { ProblemCode } from '../../src/core/base/types';

export interface ExpectedErrors {
  readonly codes: readonly ProblemCode[];
  /** For name-mismatch: the name the file declares. */
  readonly name?: string;
  /** For description-too-long: the length in code points that the message reports. */
  readonly descriptionLength?: number;
}

/** Paths relative to the corpus folder, with forward slashes. */
export const WIDE_EXPECTED_ERRORS: Readonly<Record<string, ExpectedErrors>> = {
  // UiPath's skill-flavors/studioweb files are sparse overrides, not skills: marked blocks with no
  // frontmatter that that repository's compose-skill-flavor.mjs script merges into
  // skills/<name>/SKILL.md at build time.
  'UiPath__skills/skill-flavors/studioweb/uipath-api-workflow/SKILL.md': { codes: ['no-frontmatter'] },
  'UiPath__skills/skill-flavors/studioweb/uipath-feedback/SKILL.md': { codes: ['no-frontmatter'] },
  'UiPath__skills/skill-flavors/studioweb/uipath-human-in-the-loop/SKILL.md': { codes: ['no-frontmatter'] },
  'UiPath__skills/skill-flavors/studioweb/uipath-maestro-flow/SKILL.md': { codes: ['no-frontmatter'] },
  // Translations that lost their frontmatter: the file starts with the translated heading.
  'affaan-m__everything-claude-code/docs/ja-JP/skills/project-guidelines-example/SKILL.md': {
    codes: ['no-frontmatter'],
  },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/verification-loop/SKILL.md': { codes: ['no-frontmatter'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/browser-qa/SKILL.md': { codes: ['no-frontmatter'] },
  'affaan-m__everything-claude-code/docs/zh-TW/skills/project-guidelines-example/SKILL.md': {
    codes: ['no-frontmatter'],
  },
  'affaan-m__everything-claude-code/docs/zh-TW/skills/verification-loop/SKILL.md': { codes: ['no-frontmatter'] },
  // Translations whose next key was joined onto the description's line (`...时使用。license: Apache-2.0`,
  // `...。origin: community`): a plain value containing ': ', which YAML (and PyYAML) rejects.
  'affaan-m__everything-claude-code/docs/ja-JP/skills/returns-reverse-logistics/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/token-budget-advisor/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/blueprint/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/carrier-relationship-management/SKILL.md': {
    codes: ['yaml-syntax'],
  },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/customs-trade-compliance/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/energy-procurement/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/inventory-demand-planning/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/logistics-exception-management/SKILL.md': {
    codes: ['yaml-syntax'],
  },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/production-scheduling/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/quality-nonconformance/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/returns-reverse-logistics/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/token-budget-advisor/SKILL.md': { codes: ['yaml-syntax'] },
  // Translations that dropped the quotes the English original puts around a description containing ': '.
  'affaan-m__everything-claude-code/docs/ja-JP/skills/django-verification/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/springboot-verification/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/tr/skills/laravel-verification/SKILL.md': { codes: ['yaml-syntax'] },
  'affaan-m__everything-claude-code/docs/zh-CN/skills/laravel-verification/SKILL.md': { codes: ['yaml-syntax'] },
  // A translated description that starts with '@' (`@Observable...`), a character YAML reserves.
  'affaan-m__everything-claude-code/docs/ja-JP/skills/swiftui-patterns/SKILL.md': { codes: ['yaml-syntax'] },
  // Descriptions over 1024 code points (the length is the one the message reports).
  'K-Dense-AI__claude-scientific-skills/scientific-skills/database-lookup/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1929,
  },
  'PranavNagrecha__AwesomeSalesforceSkills/skills/admin/process-flow-as-is-to-be/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1085,
  },
  'PranavNagrecha__AwesomeSalesforceSkills/skills/data/billing-data-reconciliation/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1035,
  },
  'PranavNagrecha__AwesomeSalesforceSkills/skills/integration/salesforce-maps-setup/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1069,
  },
  'PranavNagrecha__AwesomeSalesforceSkills/skills/integration/sis-integration-patterns/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1057,
  },
  'affaan-m__everything-claude-code/skills/flox-environments/SKILL.md': {
    codes: ['description-too-long'],
    descriptionLength: 1214,
  },
  // Zoom's plugin names some skills with a '/' (a path, not a name): neither kebab-case nor the folder's name.
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/contact-center/android/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'contact-center/android',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/contact-center/ios/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'contact-center/ios',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/contact-center/web/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'contact-center/web',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/linux/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'meeting-sdk/linux',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/linux/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'video-sdk/linux',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/windows/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'video-sdk/windows',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/virtual-agent/ios/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'virtual-agent/ios',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/virtual-agent/web/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'virtual-agent/web',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/zoom-mcp/whiteboard/SKILL.md': {
    codes: ['name-format', 'name-mismatch'],
    name: 'zoom-mcp/whiteboard',
  },
  // Zoom's plugin names its other skills after the product, not after their folders.
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-meeting-sdk-app',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/ios/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-ios',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/react-native/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-react-native',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/unreal/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-unreal',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/web/client-view/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-web-client-view',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/web/component-view/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-web-component-view',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/meeting-sdk/windows/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-meeting-sdk-windows',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/oauth/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-oauth',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/phone/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-phone-integration',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/rest-api/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-rest-api-app',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/rtms/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-rtms',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/team-chat/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-team-chat-app',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-video-sdk-app',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/android/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-video-sdk-android',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/flutter/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-video-sdk-flutter',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/macos/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-video-sdk-macos',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/react-native/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-video-sdk-react-native',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/unity/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'zoom-video-sdk-unity',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/virtual-agent/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'build-zoom-virtual-agent',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/webhooks/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'setup-zoom-webhooks',
  },
  'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/websockets/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'setup-zoom-websockets',
  },
  // Qdrant's nested skills prefix their folder's name with their parents' ('qdrant-...').
  'github__awesome-copilot/skills/qdrant-monitoring/debugging/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-monitoring-debugging',
  },
  'github__awesome-copilot/skills/qdrant-monitoring/setup/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-monitoring-setup',
  },
  'github__awesome-copilot/skills/qdrant-performance-optimization/indexing-performance-optimization/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-indexing-performance-optimization',
  },
  'github__awesome-copilot/skills/qdrant-performance-optimization/memory-usage-optimization/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-memory-usage-optimization',
  },
  'github__awesome-copilot/skills/qdrant-performance-optimization/search-speed-optimization/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-search-speed-optimization',
  },
  'github__awesome-copilot/skills/qdrant-scaling/minimize-latency/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-minimize-latency',
  },
  'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/horizontal-scaling/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-horizontal-scaling',
  },
  'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/sliding-time-window/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-sliding-time-window',
  },
  'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/tenant-scaling/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-tenant-scaling',
  },
  'github__awesome-copilot/skills/qdrant-scaling/scaling-qps/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-scaling-qps',
  },
  'github__awesome-copilot/skills/qdrant-search-quality/diagnosis/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-search-quality-diagnosis',
  },
  'github__awesome-copilot/skills/qdrant-search-quality/search-strategies/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'qdrant-search-strategies',
  },
  // Eval fixtures: skill-builder outputs named for the sample skill, not for the fixture's folder.
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/admin-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-admin-pattern' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/architect-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-architect-pattern' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/data-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-data-pattern' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/dev-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-apex-pattern' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/dev-skill-builder/emitted/negative-bad-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'bad-skill' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/devops-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-devops-pattern' },
  'PranavNagrecha__AwesomeSalesforceSkills/evals/agents/fixtures/security-skill-builder/emitted/live-green-sample-skill/SKILL.md':
    { codes: ['name-mismatch'], name: 'sample-security-pattern' },
  // Imported scientific skills that kept their upstream names in prefixed folders (English and Japanese).
  'affaan-m__everything-claude-code/docs/ja-JP/skills/scientific-db-pubmed-database/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'pubmed-database',
  },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/scientific-db-uspto-database/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'uspto-database',
  },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/scientific-pkg-gget/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'gget',
  },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/scientific-thinking-literature-review/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'literature-review',
  },
  'affaan-m__everything-claude-code/docs/ja-JP/skills/scientific-thinking-scholar-evaluation/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'scholar-evaluation',
  },
  'affaan-m__everything-claude-code/skills/scientific-db-pubmed-database/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'pubmed-database',
  },
  'affaan-m__everything-claude-code/skills/scientific-db-uspto-database/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'uspto-database',
  },
  'affaan-m__everything-claude-code/skills/scientific-pkg-gget/SKILL.md': { codes: ['name-mismatch'], name: 'gget' },
  'affaan-m__everything-claude-code/skills/scientific-thinking-literature-review/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'literature-review',
  },
  'affaan-m__everything-claude-code/skills/scientific-thinking-scholar-evaluation/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'scholar-evaluation',
  },
  // Other names that differ from their folders: a repository-root or template SKILL.md named for the
  // collection or the example, and skills renamed while their folders kept the old name.
  'affaan-m__everything-claude-code/.claude/skills/everything-claude-code/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'everything-claude-code-conventions',
  },
  'alirezarezvani__claude-skills/c-level-advisor/skills/c-level-skills/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'c-level-advisor',
  },
  'alirezarezvani__claude-skills/engineering-team/playwright-pro/skills/pw/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'playwright-pro',
  },
  'anthropics__claude-plugins-official/plugins/hookify/skills/writing-rules/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'writing-hookify-rules',
  },
  'gerrardLT__multi-useful-skills-zh/gstack-中文/SKILL.md': { codes: ['name-mismatch'], name: 'gstack' },
  'microsoft__cat-agent-skills/submissions/_template/SKILL.md': { codes: ['name-mismatch'], name: 'my-great-skill' },
  'modelstudioai__skills/skills/spark-video/SKILL.md': { codes: ['name-mismatch'], name: 'spark-video-episode' },
  'muratcankoylan__Agent-Skills-for-Context-Engineering/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'context-engineering-collection',
  },
  'muratcankoylan__Agent-Skills-for-Context-Engineering/template/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'skill-template',
  },
  'tech-leads-club__agent-skills/packages/skills-catalog/skills/(creation)/create-technical-design-doc/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'technical-design-doc-creator',
  },
  'tech-leads-club__agent-skills/packages/skills-catalog/skills/(quality)/web-accessibility/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'accessibility',
  },
  'tech-leads-club__agent-skills/packages/skills-catalog/skills/(quality)/web-best-practices/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'best-practices',
  },
  'wshobson__agents/plugins/database-design/skills/postgresql/SKILL.md': {
    codes: ['name-mismatch'],
    name: 'postgresql-table-design',
  },
};
