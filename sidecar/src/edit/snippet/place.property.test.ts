/**
 * A snippet made of the file's own declarations, the others left out behind markers, changes
 * nothing: whichever items are shown and whichever are elided, at the top level and inside classes,
 * the placement keeps every line once and in its place. The files are the snippet corpus's originals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { loadSnippetCorpus } from '../../../../test/snippet-corpus/corpus.js';
import { outlineFile, type Item } from './outline.js';
import { placeSnippet } from './place.js';

const MARKER: Readonly<Record<string, string>> = { python: '# ...', markdown: '<!-- ... -->' };
const originals = [...new Map(loadSnippetCorpus().map((c) => [c.original, c])).values()].filter((c) => c.languageId !== 'yaml');

/**
 * The snippet showing the items `show` picks (members of classes picked again) with the blank lines
 * between them, a marker for each run of the others; `edit` may change a shown declaration's lines.
 */
function snippetOf(lines: readonly string[], items: readonly Item[], show: (i: Item) => boolean, marker: string, edit: (i: Item, text: string[]) => string[] = (_, t) => t): string[] {
  const out: string[] = [];
  let hidden = false;
  items.forEach((item, k) => {
    if (!show(item)) {
      if (!hidden) out.push(`${' '.repeat(/^\s*/.exec(lines[item.head])![0].length)}${marker}`);
      hidden = true;
      return;
    }
    if (k > 0 && !hidden) out.push(...lines.slice(items[k - 1].end, item.start));
    hidden = false;
    if (item.body && item.body.items.length > 0) {
      out.push(...lines.slice(item.start, item.body.start), ...snippetOf(lines, item.body.items, show, marker, edit), ...lines.slice(item.body.end, item.end));
    } else out.push(...edit(item, lines.slice(item.start, item.end)));
  });
  return out;
}

/** Every declaration without members, at any depth. */
function leaves(items: readonly Item[]): Item[] {
  return items.flatMap((i) => (i.body ? leaves(i.body.items) : i.kind === 'declaration' && i.family === 'value' && i.end - i.head > 2 ? [i] : []));
}

describe('a snippet of the file itself', () => {
  it('changes nothing, whatever it shows and elides', { timeout: 120_000 }, async () => {
    const outlines = await Promise.all(originals.map(async (c) => ({ c, lines: c.original.split('\n'), items: (await outlineFile(c.languageId, c.original.split('\n'), parseText))! })));
    await fc.assert(
      fc.asyncProperty(fc.nat(outlines.length - 1), fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), async (which, picks) => {
        const { c, lines, items } = outlines[which];
        let n = 0;
        const show = () => picks[n++ % picks.length];
        const snippet = snippetOf(lines, items, show, MARKER[c.languageId] ?? '// ...').join('\n');
        if (snippet.trim() === '' || !/[^\s.#/<!>-]/.test(snippet)) return;
        const placed = await placeSnippet({ languageId: c.languageId, fileLines: lines, snippet }, parseText);
        if (placed.kind === 'new') return; // nothing of it declared or matched: new code for the cursor
        expect(placed.kind, `${c.name}: ${JSON.stringify(placed)}\n${snippet}`).toBe('placed');
        if (placed.kind !== 'placed') return;
        const result = [...lines.slice(0, placed.start), ...placed.lines, ...lines.slice(placed.end)];
        expect(result.join('\n'), `${c.name}\n--- snippet\n${snippet}`).toBe(c.original);
      }),
      { numRuns: 300 },
    );
  });

  it('with one declaration changed, changes that declaration and nothing else', { timeout: 120_000 }, async () => {
    const outlines = (await Promise.all(originals.map(async (c) => ({ c, lines: c.original.split('\n'), items: (await outlineFile(c.languageId, c.original.split('\n'), parseText))! })))).filter((o) => leaves(o.items).length > 0);
    await fc.assert(
      fc.asyncProperty(fc.nat(outlines.length - 1), fc.nat(100), fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), async (which, pick, picks) => {
        const { c, lines, items } = outlines[which];
        const target = leaves(items)[pick % leaves(items).length];
        // The line before the declaration's last: a line of its body, changed by a word at its end.
        const row = target.end - 2;
        const changed = `${lines[row]} ${c.languageId === 'python' ? '# changed' : '/* changed */'}`;
        let n = 0;
        const contains = (i: Item): boolean => i === target || (i.body?.items.some(contains) ?? false);
        const show = (i: Item) => contains(i) || picks[n++ % picks.length];
        const snippet = snippetOf(lines, items, show, MARKER[c.languageId] ?? '// ...', (i, text) => (i === target ? text.map((l, k) => (i.start + k === row ? changed : l)) : text)).join('\n');
        const placed = await placeSnippet({ languageId: c.languageId, fileLines: lines, snippet }, parseText);
        const expected = [...lines.slice(0, row), changed, ...lines.slice(row + 1)].join('\n');
        expect(placed.kind, `${c.name}: ${JSON.stringify(placed)}\n${snippet}`).toBe('placed');
        if (placed.kind !== 'placed') return;
        expect([...lines.slice(0, placed.start), ...placed.lines, ...lines.slice(placed.end)].join('\n'), `${c.name}\n--- snippet\n${snippet}`).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
