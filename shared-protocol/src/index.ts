export * from './types.js';
export * from './settings.js';
export * from './methods.js';
export * from './connection.js';
export * from './textBuffer.js';
export * from './checksum.js';
export * from './environment.js';
