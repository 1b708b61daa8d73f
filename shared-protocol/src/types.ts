// The protocol's data types only: the schema generator reads this file, so every type exported
// here gets a definition in protocol.json and must be reachable from a method (methods.test.ts).
export * from './lsp.js';
export * from './redline.js';
