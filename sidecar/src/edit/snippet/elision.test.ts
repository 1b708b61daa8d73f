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

  it('keeps real code and real comments', () => {
    for (const l of ['return x;', '// compute the total', 'foo(...args);', '#include <stdio.h>', '# restore defaults', '{items.map(render)}', '// existing users are migrated by the job below before the new schema is read by any request', '# remaining items go to the overflow queue']) {
      expect(isElisionLine(l), l).toBe(false);
    }
  });
});
