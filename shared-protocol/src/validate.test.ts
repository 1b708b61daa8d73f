import { describe, expect, it } from 'vitest';
import { paramsProblem } from './validate.js';

const start = { textDocument: { uri: 'file:///a.ts', version: 3 }, range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, instruction: 'x' };

describe('paramsProblem', () => {
  it('accepts params that fit, extra LSP fields included', () => {
    expect(paramsProblem('redline/inlineEdit/start', start)).toBeNull();
    expect(paramsProblem('textDocument/didChange', { textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: start.range, rangeLength: 3, text: 'x' }] })).toBeNull();
    expect(paramsProblem('initialize', { processId: null, capabilities: {}, rootUri: 'file:///' })).toBeNull();
  });

  it('names the first field that is missing or of the wrong type', () => {
    expect(paramsProblem('redline/inlineEdit/start', { ...start, range: null })).toBe('params.range must be object, not null');
    expect(paramsProblem('redline/inlineEdit/start', { ...start, instruction: undefined })).toBe('params.instruction is missing');
    expect(paramsProblem('textDocument/didChange', { textDocument: { uri: 'u', version: '2' }, contentChanges: [] })).toBe('params.textDocument.version must be number, not string');
    expect(paramsProblem('textDocument/inlineCompletion', { textDocument: { uri: 'u' }, position: { line: 0, character: 0 }, context: { triggerKind: 3 } })).toMatch(/triggerKind must be/);
    expect(paramsProblem('workspace/didChangeConfiguration', { settings: { redline: { provider: 'gpt' } } })).toMatch(/provider must be one of "ollama", "openai"/);
  });

  it('leaves methods outside the table alone', () => {
    expect(paramsProblem('custom/thing', 42)).toBeNull();
  });
});
