import { describe, expect, it } from 'vitest';
import { isElisionLine } from './elision.js';

describe('isElisionLine', () => {
  it('recognises placeholder comments in several syntaxes', () => {
    for (const l of ['// ...', '  # ...', '/* ... */', '...', '…', '// rest of code', '<!-- ... -->', '// ... existing code ...', '# existing code', '{/* ... */}', '    // ... rest of the class ...', '<!-- unchanged -->']) {
      expect(isElisionLine(l), l).toBe(true);
    }
  });

  it('recognises short comments that say the code is unchanged', () => {
    for (const l of ['    # Other methods stay the same', '    # Rest of the class remains unchanged', '/* ... capitalize stays as it is ... */', '// keep the existing implementation', '# (previous code)', '// fields as before', '// other methods', '# (other functions here)', '// same as above']) {
      expect(isElisionLine(l), l).toBe(true);
    }
  });

  it('recognises the words in brackets or parentheses on a line of their own, and nouns other than "code"', () => {
    for (const l of ['[... rest of the README unchanged ...]', '[...]', '(rest of the README stays the same)', '(the paragraphs about `this.skip()` and `this.remove()` stay as they are)', '// [the CBC block mode tests stay as they are]', '# (existing test methods)', '    # your existing eviction tests', '  // (keep the remaining tests as they are)', '// other subtests']) {
      expect(isElisionLine(l), l).toBe(true);
    }
  });

  it("reads a comment that is also a line of the file as the file's own, a bare ellipsis as a marker still", () => {
    const file = new Set(['// other options', '* ...', '...']);
    expect(isElisionLine('  // other options', file)).toBe(false);
    expect(isElisionLine('  // other options')).toBe(true);
    expect(isElisionLine('     * ...', file)).toBe(false);
    expect(isElisionLine('    ...', file)).toBe(true);
  });

  it('keeps real code and real comments', () => {
    for (const l of ['return x;', '// compute the total', 'foo(...args);', '#include <stdio.h>', '# restore defaults', '{items.map(render)}', '// existing users are migrated by the job below before the new schema is read by any request', '# remaining items go to the overflow queue', '[1, 2, 3]', '(a + b)', '// existing entries win over defaults', '# other threads may hold the lock']) {
      expect(isElisionLine(l), l).toBe(false);
    }
  });
});
