// The host verdicts' engine as the VS Code features use it: what the lazily loaded hosts bundle
// (src/lazy/hosts.ts) exports besides the hosts feature's own glue. Any feature may load it
// (src/vscode/hostsModule.ts) without depending on the hosts feature.
export { HostVerdictCache } from './verdictCache';
export { hostCompatFindings, shortenedScalar } from './hostCompat';
export { linkEditsForMove } from './moveReferences';
export { hostsReading } from './verdicts';
export { HOST_PROFILES } from './profiles';
export { hostListingNotes, hostListingSections } from './hostListingText';
export { agentsAnswer, agentsMarkdown } from './agentsAnswer';
export { folderReaches } from './placement';
export { implicitInvocationOff, withImplicitInvocationOff } from './invocationPolicy';
