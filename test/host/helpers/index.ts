// Everything a host test needs, in one import: `from '../helpers'`.
export * from './wait';
export * from './extension';
export * from './workspace';
export * from './fakeModel';
export * from './screenshot';
export * from './workbenchPage';
export * from './log';
export type { HostTest } from '../runner';
export * from './toolResult';
export * from './fileReads';
