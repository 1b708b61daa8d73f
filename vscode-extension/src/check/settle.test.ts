import { describe, expect, it } from 'vitest';
import { analysedAt, fromTsServer, protocolDiagnostic, QUIET_MS } from './settle';

describe('analysedAt', () => {
  it("waits for the probe's problems, whatever the other copies reported before them", () => {
    expect(analysedAt(null, null)).toBeNull();
    expect(analysedAt(null, 1400)).toBeNull();
  });

  it('then waits the quiet time after the last change of any copy', () => {
    expect(analysedAt(1500, 1400)).toBe(1500 + QUIET_MS);
    expect(analysedAt(1500, 1700)).toBe(1700 + QUIET_MS);
    expect(analysedAt(1500, null)).toBe(1500 + QUIET_MS);
  });
});

describe('protocolDiagnostic', () => {
  const range = { start: { line: 3, character: 2 }, end: { line: 3, character: 9 } };

  it('counts severities from 1 and takes a code object’s value', () => {
    expect(protocolDiagnostic({ range, message: "Cannot find name 'x'.", severity: 0, source: 'ts', code: 2304 })).toEqual({ range, message: "Cannot find name 'x'.", severity: 1, source: 'ts', code: 2304 });
    expect(protocolDiagnostic({ range, message: 'm', severity: 3, code: { value: 'no-unused-vars' } })).toEqual({ range, message: 'm', severity: 4, code: 'no-unused-vars' });
    expect(protocolDiagnostic({ range, message: 'm', severity: 1 })).toEqual({ range, message: 'm', severity: 2 });
  });
});

describe('fromTsServer', () => {
  it('counts lines and characters from 0, and words and numbers the problem as VS Code shows it', () => {
    const d = { start: { line: 11, offset: 10 }, end: { line: 11, offset: 23 }, text: "Cannot find name 'applyDiscount'.", code: 2304, category: 'error' };
    expect(fromTsServer(d)).toEqual({ range: { start: { line: 10, character: 9 }, end: { line: 10, character: 22 } }, severity: 1, message: "Cannot find name 'applyDiscount'.", source: 'ts', code: 2304 });
    expect(fromTsServer({ ...d, category: 'suggestion', code: undefined }).severity).toBe(4);
    expect(fromTsServer({ ...d, category: 'suggestion', code: undefined })).not.toHaveProperty('code');
  });
});
