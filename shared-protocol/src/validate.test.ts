import { describe, expect, it } from 'vitest';
import { paramsProblem, resultProblem } from './validate.js';

const position = (line: unknown, character: unknown = 0) => ({ line, character });
const start = { textDocument: { uri: 'file:///a.ts', version: 3 }, range: { start: position(1), end: position(2) }, instruction: 'x' };
const change = (range: unknown) => ({ textDocument: { uri: 'file:///a.ts', version: 2 }, contentChanges: [{ range, text: 'x' }] });

describe('paramsProblem', () => {
  it('accepts params that fit, extra LSP fields included', () => {
    expect(paramsProblem('redline/inlineEdit/start', start)).toBeNull();
    expect(paramsProblem('textDocument/didChange', { textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: start.range, rangeLength: 3, text: 'x' }] })).toBeNull();
    expect(paramsProblem('initialize', { processId: null, capabilities: {}, rootUri: 'file:///' })).toBeNull();
    expect(paramsProblem('$/cancelRequest', { id: 'r-1' })).toBeNull();
  });

  it('names the first field that is missing or of the wrong type', () => {
    expect(paramsProblem('redline/inlineEdit/start', { ...start, range: null })).toBe('params.range must be object, not null');
    expect(paramsProblem('redline/inlineEdit/start', { ...start, instruction: undefined })).toBe('params.instruction is missing');
    expect(paramsProblem('textDocument/didChange', { textDocument: { uri: 'u', version: '2' }, contentChanges: [] })).toBe('params.textDocument.version must be integer, not string');
    expect(paramsProblem('textDocument/didChange', { ...change(start.range), contentChanges: [{ range: start.range }] })).toBe('params.contentChanges[0].text is missing');
    expect(paramsProblem('$/cancelRequest', { id: true })).toBe('params.id must be number or string, not boolean');
  });

  it('positions and versions are whole numbers from 0 to 2^31 - 1', () => {
    expect(paramsProblem('textDocument/didChange', change({ start: position(0.5), end: position(1) }))).toBe('params.contentChanges[0].range.start.line must be integer, not a fraction');
    expect(paramsProblem('textDocument/didChange', change({ start: position(0, -1), end: position(1) }))).toBe('params.contentChanges[0].range.start.character must be >= 0');
    expect(paramsProblem('textDocument/didChange', change({ start: position(2 ** 31), end: position(1) }))).toBe('params.contentChanges[0].range.start.line must be <= 2147483647');
    expect(paramsProblem('textDocument/didOpen', { textDocument: { uri: 'u', languageId: 'go', version: -5, text: '' } })).toBe('params.textDocument.version must be >= 0');
    expect(paramsProblem('redline/inlineEdit/accept', { sessionId: 'edit-1', line: 1.5 })).toBe('params.line must be integer, not a fraction');
    // Past the end of a line or of the document is not invalid: the mirror clamps it, as LSP says.
    expect(paramsProblem('textDocument/didChange', change({ start: position(1_000_000_000, 7), end: position(1_000_000_000, 9) }))).toBeNull();
  });

  it('enforces choices, bounds and lengths', () => {
    expect(paramsProblem('textDocument/inlineCompletion', { textDocument: { uri: 'u' }, position: position(0), context: { triggerKind: 3 } })).toBe('params.context.triggerKind must be one of 1, 2');
    expect(paramsProblem('workspace/didChangeConfiguration', { settings: { redline: { provider: 5 } } })).toBe('params.settings.redline.provider must be string, not number');
    expect(paramsProblem('workspace/didChangeConfiguration', { settings: { redline: { provider: 'gpt' } } })).toBe('params.settings.redline.provider must be one of "ollama", "openai"');
    expect(paramsProblem('workspace/didChangeConfiguration', { settings: { redline: { requestTimeoutMs: 0 } } })).toBe('params.settings.redline.requestTimeoutMs must be >= 1');
    expect(paramsProblem('workspace/didChangeConfiguration', { settings: { redline: { maxLines: 2.5 } } })).toBe('params.settings.redline.maxLines must be integer, not a fraction');
    expect(paramsProblem('textDocument/didClose', { textDocument: { uri: '' } })).toBe('params.textDocument.uri must NOT have fewer than 1 characters');
  });

  it('leaves methods outside the table alone', () => {
    expect(paramsProblem('custom/thing', 42)).toBeNull();
  });
});

describe('resultProblem', () => {
  it("checks the client's answer to the sidecar's own requests", () => {
    expect(resultProblem('redline/applyRender', { applied: true, version: 4 })).toBeNull();
    expect(resultProblem('redline/applyRender', { applied: 'yes', version: 4 })).toBe('result.applied must be boolean, not string');
    expect(resultProblem('redline/applyRender', { applied: false, version: -1 })).toBe('result.version must be >= 0');
    expect(resultProblem('redline/applyRender', null)).toBe('result must be object, not null');
  });
});
