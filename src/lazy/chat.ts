// The @skills request handler and everything it needs (slash commands, the agent loop, drafting,
// the turn's tools), built to dist/lazy/chat.js and required on the first chat request
// (src/vscode/chat/participant.ts), so that activation and the main bundle stay small.
export { handleRequest } from '../vscode/chat/requestHandler';
