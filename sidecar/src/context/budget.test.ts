import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeContext, fitToBudget, rankContext } from './budget.js';
import { CONTEXT_KINDS, itemSize, type ContextItem, type ContextKind } from './types.js';

const item = (kind: ContextKind, rank: number, text: string, path = 'src/a.ts'): ContextItem => ({ kind, rank, text, path, label: `${kind}${rank}`, languageId: 'typescript' });

describe('rankContext', () => {
  it('orders by kind (definitions, rules, diagnostics, recent edits, similar), then by rank', () => {
    const ranked = rankContext([item('similar', 0, 's'), item('recentEdit', 1, 'e1'), item('definition', 2, 'd2'), item('rules', 0, 'r'), item('recentEdit', 0, 'e0'), item('diagnostic', 0, 'x'), item('definition', 1, 'd1')]);
    expect(ranked.map((i) => i.text)).toEqual(['d1', 'd2', 'r', 'x', 'e0', 'e1', 's']);
  });

  it('keeps one of two identical items', () => {
    expect(rankContext([item('definition', 0, 'same'), item('definition', 3, 'same')])).toHaveLength(1);
  });

  it('gives the same order whatever order the candidates come in (property)', () => {
    const arb = fc.array(fc.record({ kind: fc.constantFrom(...CONTEXT_KINDS), rank: fc.integer({ min: 0, max: 3 }), text: fc.string({ maxLength: 3 }), path: fc.constantFrom('a', 'b') }), { maxLength: 12 });
    fc.assert(
      fc.property(arb, fc.integer(), (raw, seed) => {
        const items = raw.map((r) => ({ ...r, label: r.text, languageId: 'x' }));
        const shuffled = [...items].sort((a, b) => ((a.text.length * 31 + seed) % 7) - ((b.text.length * 31 + seed) % 7));
        expect(rankContext(shuffled)).toEqual(rankContext(items));
      }),
    );
  });
});

describe('fitToBudget', () => {
  it('spends the base first, then takes whole items in rank order while they fit', () => {
    const d = item('definition', 0, 'x'.repeat(40), 'p');
    const r = item('rules', 0, 'y'.repeat(30), 'p');
    const e = item('recentEdit', 0, 'z'.repeat(5), 'p');
    const fitted = fitToBudget([e, r, d], 100, 50);
    // 50 left: the definition (41) fits, the rules (31) no longer do, the edit (6) still does.
    expect(fitted.items).toEqual([d, e]);
    expect(fitted.dropped).toEqual([r]);
  });

  it('takes nothing when the base alone is over the budget', () => {
    const fitted = fitToBudget([item('definition', 0, 'a')], 10, 20);
    expect(fitted.items).toEqual([]);
    expect(fitted.dropped).toHaveLength(1);
  });

  it('never exceeds the budget and drops an item only when it did not fit (property)', () => {
    const arb = fc.array(fc.record({ kind: fc.constantFrom(...CONTEXT_KINDS), rank: fc.nat(5), text: fc.string({ maxLength: 60 }) }), { maxLength: 15 });
    fc.assert(
      fc.property(arb, fc.nat(300), fc.nat(200), (raw, budget, base) => {
        const fitted = fitToBudget(raw.map((r) => ({ ...r, path: 'f', label: 'l', languageId: 'x' })), budget, base);
        const used = fitted.items.reduce((s, i) => s + itemSize(i), 0);
        expect(used).toBeLessThanOrEqual(Math.max(0, budget - base));
        const ranked = rankContext([...fitted.items, ...fitted.dropped]);
        for (const d of fitted.dropped) {
          // When d came up, what was taken before it plus d was over the budget.
          const takenBefore = ranked.slice(0, ranked.indexOf(d)).filter((x) => fitted.items.includes(x));
          expect(takenBefore.reduce((s, i) => s + itemSize(i), 0) + itemSize(d)).toBeGreaterThan(Math.max(0, budget - base));
        }
      }),
    );
  });
});

describe('describeContext', () => {
  it('names every item sent with its size, and what was over budget, on one line', () => {
    const d = { ...item('definition', 0, 'interface ReturnPolicy {}', 'src/returns/returnPolicy.ts'), label: 'ReturnPolicy' };
    const s = { ...item('similar', 0, 'q'.repeat(500), 'src/b.ts'), label: 'src/b.ts:10' };
    const line = describeContext('edit-3', fitToBudget([d, s], 300, 200));
    expect(line).toBe(`context edit-3: ${200 + itemSize(d)} of 300 chars, code and surroundings 200, definition ReturnPolicy (src/returns/returnPolicy.ts) ${itemSize(d)}; over budget: similar src/b.ts:10 ${itemSize(s)}`);
    expect(line).not.toContain('\n');
  });
});
