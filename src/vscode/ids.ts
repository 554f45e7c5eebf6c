// Every id the extension shares with its manifest (package.json) and between features:
// commands, the view, the context key, the participant and the URI scheme. Features import
// ids from here, never from each other; a unit test checks that the manifest declares each.

export const COMMANDS = {
  newSkill: 'skillsmith.newSkill',
  addFromRepository: 'skillsmith.addFromRepository',
  updateAddedSkills: 'skillsmith.updateAddedSkills',
  refresh: 'skillsmith.refresh',
  validateAll: 'skillsmith.validateAll',
  showListing: 'skillsmith.showListing',
  showSkill: 'skillsmith.showSkill',
  openSkill: 'skillsmith.openSkill',
  removeBom: 'skillsmith.removeBom',
  runAction: 'skillsmith.runAction',
  setSecret: 'skillsmith.setSecret',
  deleteSecret: 'skillsmith.deleteSecret',
  approveAction: 'skillsmith.approveAction',
  linkSkill: 'skillsmith.linkSkill',
  showActionApprovals: 'skillsmith.showActionApprovals',
  revokeActionApproval: 'skillsmith.revokeActionApproval',
  copyCiJob: 'skillsmith.copyCiJob',
} as const;

/** The Skills view (package.json `views`). */
export const SKILLS_VIEW_ID = 'skillsmith.skills';
/** The status-bar item. */
export const STATUS_BAR_ID = 'skillsmith.status';
/** True when at least one skill is offered: the tools' `when` clause. */
export const HAS_SKILLS_CONTEXT = 'skillsmith.hasSkills';
/** The @skills participant (package.json `chatParticipants`). */
export const PARTICIPANT_ID = 'skillsmith.skills';
/** The Skills view's context value of an action item (its inline Run button). */
export const ACTION_ITEM_CONTEXT = 'skillsmith.action';
/** The context keys that tick the walkthrough's steps once done (package.json completionEvents `onContext:`). */
export const WALKTHROUGH_DONE = {
  skillCreated: 'skillsmith.walkthrough.skillCreated',
  skillLinted: 'skillsmith.walkthrough.skillLinted',
  chatAnswered: 'skillsmith.walkthrough.chatAnswered',
} as const;

/** The read-only listing document's URI scheme. */
export const LISTING_SCHEME = 'skillsmith-listing';
/** The read-only document of a skill's expansion (Show Skill Expansion). */
export const EXPANSION_SCHEME = 'skillsmith-expansion';

/** Routing evals (docs/routing.md): the commands, the Test Explorer controller and the report's URI scheme. */
export const ROUTING_COMMANDS = {
  showReport: 'skillsmith.showRoutingReport',
  improveDescription: 'skillsmith.improveDescription',
  /** Hidden: `/eval` in @skills hands its request to the routing feature through it. */
  evalInChat: 'skillsmith.evalInChat',
} as const;
export const ROUTING_CONTROLLER_ID = 'skillsmith.routing';
export const ROUTING_REPORT_SCHEME = 'skillsmith-routing';

/** Every skill file, in any letter case of SKILL.md: our providers register by pattern, not by language id. */
export const SKILL_FILE_SELECTOR = [{ pattern: '**/[sS][kK][iI][lL][lL].[mM][dD]' }] as const;
