import { describe, expect, it } from 'vitest';
import { parseText } from '../../scope/parse.js';
import { typescriptSyntax } from './lang/typescript.js';
import { cap, declarations, declarationSteps, OUTLINE_MAX_LINES, usedNames } from './syntax.js';

describe('cap', () => {
  it('cuts a long outline on a line boundary and marks the cut at that line’s indentation', () => {
    const lines = Array.from({ length: OUTLINE_MAX_LINES + 5 }, (_, i) => `  member${i}(): void;`);
    const capped = cap(['interface Big {', ...lines, '}'].join('\n')).split('\n');
    expect(capped).toHaveLength(OUTLINE_MAX_LINES + 1);
    expect(capped.at(-1)).toBe('  …');
    expect(capped.slice(0, -1).every((line, i) => line === (i === 0 ? 'interface Big {' : lines[i - 1]))).toBe(true);
  });

  it('leaves a short outline alone', () => {
    expect(cap('type A = string;')).toBe('type A = string;');
  });
});

describe('usedNames', () => {
  it('lists qualified uses and plain names in order of first use, each once, within the rows', async () => {
    const text = 'const skip = other.thing;\nconst total = policy.check(order);\npolicy.check(x, order);\nconst after = later;\n';
    const tree = (await parseText('typescript', text))!;
    try {
      expect(usedNames(tree.rootNode, typescriptSyntax, 1, 3)).toEqual([
        { name: 'total' },
        { name: 'policy', member: 'check' },
        { name: 'policy' },
        { name: 'order' },
      ]);
    } finally {
      tree.delete();
    }
  });
});

describe('declarationSteps', () => {
  it('reads a large declaration in many steps, to what one pass reads, whatever is parsed between the steps', async () => {
    const members = Array.from({ length: 400 }, (_, i) => `  /** Member ${i}. */\n  member${i}(order: Order${i}): number { return ${i}; }`);
    const text = ['/** A big one. */', 'export class Big {', ...members, '}', 'export function after(x: After): void {}', 'export const last = 1;', ''].join('\n');
    const tree = (await parseText('typescript', text))!;
    try {
      const once = declarations(tree.rootNode, text, typescriptSyntax);
      expect([...once.keys()]).toEqual(['Big', 'after', 'last']);
      const steps = declarationSteps(tree.rootNode, text, typescriptSyntax);
      let count = 0;
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          expect(step.value).toEqual(once);
          break;
        }
        count++;
        // Between steps the crawl gives way: other documents are parsed meanwhile.
        (await parseText('typescript', `export const other${count} = ${count};`))!.delete();
      }
      // The class alone visits over 1,600 nodes: it is cut, not one step.
      expect(count).toBeGreaterThan(6);
    } finally {
      tree.delete();
    }
  });
});
