import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeclarationTable } from './declarations.js';

describe('DeclarationTable', () => {
  it('gives back every declaration by id and by name, in id order, as adds and removes go (against a plain map)', () => {
    const name = fc.constantFrom('a', 'b', 'default', '', 'run');
    const step = fc.oneof(fc.record({ add: name, kind: fc.constantFrom('function', 'class'), exported: fc.boolean(), line: fc.nat(50) }), fc.record({ remove: fc.nat() }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const table = new DeclarationTable();
        const plain = new Map<number, { name: string; kind: string; exported: boolean; line: number; endLine: number; file: number }>();
        let id = 0;
        for (const s of steps) {
          if ('add' in s) {
            id += 1 + (s.line % 3);
            const row = { name: s.add, kind: s.kind, exported: s.exported, line: s.line, endLine: s.line + 2 };
            table.add(id, id % 7, row);
            plain.set(id, { ...row, file: id % 7 });
          } else if (plain.size > 0) {
            const gone = [...plain.keys()][s.remove % plain.size];
            table.remove(gone);
            plain.delete(gone);
          }
        }
        expect(table.size).toBe(plain.size);
        expect([...table.ids()]).toEqual([...plain.keys()]);
        for (const [i, d] of plain) expect({ ...table.row(i), file: table.file(i) }).toEqual(d);
        for (const n of ['a', 'b', 'default', '', 'run', 'absent']) expect(table.named(n)).toEqual([...plain].filter(([, d]) => d.name === n).map(([i]) => i));
      }),
      { numRuns: 300 },
    );
  });
});
