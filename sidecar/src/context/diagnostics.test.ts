import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@redline/shared-protocol';
import { describeDiagnostic, diagnosticItems, MAX_DIAGNOSTICS } from './diagnostics.js';

const text = ['import { a } from "./a";', '', 'export async function run() {', '  await returnPolicy.assertCanReturn({', '  let unused = 1;', '}'];
const lines = (n: number) => text[n] ?? '';
const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

const missing: Diagnostic = { range: at(3, 8, 20), severity: 1, source: 'ts', code: 2304, message: "Cannot find name 'returnPolicy'." };
const unused: Diagnostic = { range: at(4, 6, 12), severity: 4, source: 'ts', code: 6133, message: "'unused' is declared but\n  its value is never read.", tags: [1] };
const above: Diagnostic = { range: at(0, 9, 10), severity: 1, message: 'outside' };

describe('diagnosticItems', () => {
  it('keeps those touching the editable lines, errors first, one line each quoting the code', () => {
    const items = diagnosticItems([unused, above, missing], lines, 2, 6, 'src/run.ts');
    expect(items.map((i) => i.text)).toEqual([
      "error (ts 2304) at `returnPolicy` in `await returnPolicy.assertCanReturn({`: Cannot find name 'returnPolicy'.",
      "hint (ts 6133) at `unused` in `let unused = 1;`: 'unused' is declared but its value is never read.",
    ]);
    expect(items.map((i) => [i.kind, i.label, i.rank, i.path])).toEqual([
      ['diagnostic', 'ts 2304', 0, 'src/run.ts'],
      ['diagnostic', 'ts 6133', 1, 'src/run.ts'],
    ]);
  });

  it('keeps a diagnostic that starts above the lines and ends in them, and caps the count', () => {
    const spanning: Diagnostic = { range: { start: { line: 0, character: 0 }, end: { line: 3, character: 2 } }, message: 'spans' };
    expect(diagnosticItems([spanning], lines, 3, 4, 'a')).toHaveLength(1);
    const many = Array.from({ length: MAX_DIAGNOSTICS + 3 }, (_, i) => ({ ...missing, message: `m${i}` }));
    expect(diagnosticItems(many, lines, 0, 6, 'a')).toHaveLength(MAX_DIAGNOSTICS);
  });
});

describe('describeDiagnostic', () => {
  it('reads an absent severity as an error and survives a range past the end of the text', () => {
    expect(describeDiagnostic({ range: at(40, 0, 3), message: 'gone' }, lines)).toBe('error: gone');
  });
});
