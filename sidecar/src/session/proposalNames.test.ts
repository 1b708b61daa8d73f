import { describe, expect, it } from 'vitest';
import type { Layout } from '../edit/layout.js';
import type { MissingName } from '../index/nameCheck.js';
import { documentLine, nameFindings, proposedDocument, repairInstruction } from './proposalNames.js';

const layout = (lines: Array<[Layout['lines'][number]['kind'], string]>): Layout => ({ lines: lines.map(([kind, text]) => ({ kind, text })), words: [], streamingLine: null });
const importFix = { row: 2, replace: 0, lines: ['import { returnPolicy } from "@/returns/returnPolicy";'], statement: 'import { returnPolicy } from "@/returns/returnPolicy";', from: 'src/returns/returnPolicy.ts' };
const missing = (name: string, row: number, fix: MissingName['fix']): MissingName => ({ name, row, column: 2, fix });

describe('the proposed document', () => {
  it('is the lines above, the layout without its red lines, the lines below; the green rows are the added ones', () => {
    const doc = proposedDocument(['a', 'b'], layout([['context', 'c'], ['removed', 'd'], ['added', 'D'], ['added', 'E']]), ['f']);
    expect(doc.text).toBe('a\nb\nc\nD\nE\nf');
    expect([...doc.addedRows]).toEqual([3, 4]);
  });

  it('holds a document of half a million lines around the proposal', () => {
    const below = Array.from({ length: 500_000 }, (_, i) => `line ${i}`);
    const doc = proposedDocument(['a'], layout([['added', 'B']]), below);
    expect(doc.text.split('\n')).toHaveLength(500_002);
    expect(doc.text.endsWith('\nline 499999')).toBe(true);
    expect([...doc.addedRows]).toEqual([1]);
  });

  it('maps its rows to document lines, where the red lines still stand', () => {
    const kinds = ['context', 'removed', 'added', 'added'];
    expect([0, 2, 3, 4, 5].map((row) => documentLine(row, 2, kinds))).toEqual([0, 2, 4, 5, 6]);
  });
});

describe('findings for missing names', () => {
  it('in the file scope the first fixable import is added, flagged; rows below it move down', () => {
    const found = nameFindings([missing('returnPolicy', 6, importFix), missing('invented', 8, null)], { addImports: true, regionStart: 0, line: (row) => row });
    expect(found.added).toBe(importFix);
    expect(found.warnings).toEqual([
      { kind: 'addedImport', message: 'Added `import { returnPolicy } from "@/returns/returnPolicy";` for `returnPolicy` (declared in src/returns/returnPolicy.ts).', line: 2 },
      // The name underlined where it is used, on its row moved down by the import.
      { kind: 'unknownName', message: '`invented` is not defined or imported.', line: 9, range: { start: { line: 9, character: 2 }, end: { line: 9, character: 10 } } },
    ]);
    expect(found.unresolved).toEqual(['invented']);
  });

  it('in the selection scope the import is a fix the client can apply above the region', () => {
    const found = nameFindings([missing('returnPolicy', 6, importFix)], { addImports: false, regionStart: 3, line: (row) => row });
    expect(found.added).toBeNull();
    expect(found.warnings).toEqual([
      {
        kind: 'unknownName',
        message: '`returnPolicy` is not defined or imported; `import { returnPolicy } from "@/returns/returnPolicy";` would import it from src/returns/returnPolicy.ts.',
        line: 6,
        range: { start: { line: 6, character: 2 }, end: { line: 6, character: 14 } },
        fix: { title: 'Add import { returnPolicy } from "@/returns/returnPolicy";', edits: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, newText: 'import { returnPolicy } from "@/returns/returnPolicy";\n' }] },
      },
    ]);
    expect(found.unresolved).toEqual([]);
  });

  it('offers no edit where the import would land inside the region (it is not the same before and after a verdict)', () => {
    const found = nameFindings([missing('returnPolicy', 6, importFix)], { addImports: false, regionStart: 1, line: (row) => row });
    expect(found.warnings[0]).not.toHaveProperty('fix');
    expect(found.warnings[0].message).toContain('would import it');
  });
});

describe('the repair instruction', () => {
  it('names the original instruction and each problem', () => {
    expect(repairInstruction('check the return', ['`x` is not defined or imported.', 'The proposal has 1 syntax error'])).toBe(
      'The code below is your previous reply to this instruction: check the return\nIt has these problems:\n- `x` is not defined or imported.\n- The proposal has 1 syntax error\nFix them (declare or import what is missing, or use what the project has), and change nothing else.',
    );
  });
});
