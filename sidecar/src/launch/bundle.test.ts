import { describe, expect, it } from 'vitest';
import { compileBundle } from './bundle.js';

const wrap = (body: string) => `(function (exports, require, module, __filename, __dirname) {${body}\n})`;
const BODY = 'module.exports = { sum: (a, b) => a + b, file: __filename, dir: __dirname, sep: require("node:path").sep, same: exports === module.exports };';
const SOURCE = wrap(BODY);
const fakeRequire = ((id: string) => (id === 'node:path' ? { sep: '|' } : null)) as unknown as NodeJS.Require;

describe('compileBundle', () => {
  it('runs the bundle, a function expression, as a CommonJS module: exports, require, __filename and __dirname', () => {
    const exported = compileBundle(SOURCE).run(fakeRequire, '/opt/redline/redline-sidecar') as { sum: (a: number, b: number) => number };
    expect(exported).toMatchObject({ file: '/opt/redline/redline-sidecar', dir: '/opt/redline', sep: '|', same: true });
    expect(exported.sum(2, 3)).toBe(5);
    expect(compileBundle(SOURCE).run(fakeRequire, 'C:\\redline\\redline-sidecar.exe')).toMatchObject({ dir: 'C:\\redline' });
  });

  it('takes back a cache made after running, and says when V8 refuses one', () => {
    const first = compileBundle(SOURCE);
    expect(first.cacheRejected).toBe(false);
    first.run(fakeRequire, '/a/b');
    const cache = first.script.createCachedData();
    const again = compileBundle(SOURCE, cache);
    expect(again.cacheRejected).toBe(false);
    expect(again.run(fakeRequire, '/a/b')).toMatchObject({ file: '/a/b', sep: '|' });
    // V8 checks a cache against its source: one made for another text is refused, and the code still runs.
    const other = compileBundle(wrap(`${BODY} module.exports.more = 1;`), cache);
    expect(other.cacheRejected).toBe(true);
    expect(other.run(fakeRequire, '/a/b')).toMatchObject({ more: 1, same: true });
  });
});
