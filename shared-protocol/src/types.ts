// The protocol's types and method table only: the schema generator reads this file.
export * from './lsp.js';
export * from './redline.js';
export * from './methods.js';
