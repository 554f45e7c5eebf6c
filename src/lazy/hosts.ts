// The host verdicts' engine (docs/hosts.md): the profiles' rules, each host's listing arithmetic,
// the incremental judge, the host-compat findings and the Move fix's link rewriting. Built to
// dist/lazy/hosts.js and required on first use (src/vscode/hosts/hostsModule.ts), which is after
// the first scan: activation and the main bundle do not carry it.
export { HostVerdictCache } from '../core/hosts/verdictCache';
export { hostCompatFindings, shortenedScalar } from '../core/hosts/hostCompat';
export { linkEditsForMove } from '../core/hosts/moveReferences';
export { hostsReading } from '../core/hosts/verdicts';
export { HOST_PROFILES } from '../core/hosts/profiles';
export { hostListingNotes, hostListingSections } from '../core/hosts/hostListingText';
export { hostCompatFeature } from '../vscode/hosts/hostCompatFeature';
