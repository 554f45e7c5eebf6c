// The host verdicts' engine, loaded on first use from dist/lazy/hosts.js (src/lazy/hosts.ts).
// Any feature may use it: its type is the core's engine alone, not the hosts feature that
// shares the bundle (that one loads its part itself, in hosts/registerHosts.ts).
import { lazyModule } from './lazy';

export type HostsModule = typeof import('../core/hosts/engine');

export const hostsModule = lazyModule<HostsModule>('hosts');
