// The TypeScript client library: every TypeScript client (the terminal client, the end-to-end
// tests, the benchmarks) drives the sidecar through these two pieces.
export * from './sidecarClient.js';
export * from './renderedDocument.js';
