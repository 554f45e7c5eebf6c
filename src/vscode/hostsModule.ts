// The host verdicts' engine, loaded on first use from dist/lazy/hosts.js (src/lazy/hosts.ts).
import { lazyModule } from './lazy';

export type HostsModule = typeof import('../lazy/hosts');

export const hostsModule = lazyModule<HostsModule>('hosts');
