export * from './types.js';
export * from './connection.js';
export * from './textBuffer.js';
