import { describe, expect, it } from 'vitest';
import { pathWords, splitIdentifier, stem, wordsOf } from './words.js';

describe('identifier words', () => {
  it('splits camelCase, PascalCase, acronyms, snake_case and digits', () => {
    expect(splitIdentifier('assertCanReturn')).toEqual(['assert', 'can', 'return']);
    expect(splitIdentifier('HTTPServer2Config')).toEqual(['http', 'server', 'config']);
    expect(splitIdentifier('parse_json_body')).toEqual(['parse', 'json', 'body']);
    expect(splitIdentifier('MAX_FILE_BYTES')).toEqual(['max', 'file', 'bytes']);
  });

  it('stems so an instruction meets a name (Porter), abbreviations spelled out first', () => {
    expect(['returned', 'returns', 'returning', 'return'].map(stem)).toEqual(['return', 'return', 'return', 'return']);
    expect(stem('parsed')).toBe(stem('parse'));
    expect(stem('policies')).toBe(stem('policy'));
    expect([stem('err'), stem('cmd')]).toEqual([stem('error'), stem('command')]);
  });

  it('drops a keyword standing alone in code but keeps it inside a name, and in prose', () => {
    expect(wordsOf('return createReturn(request);')).toEqual(['creat', 'return', 'request']);
    expect(wordsOf('check that the return is allowed before submitting', true)).toEqual(['check', 'return', 'allow', 'submit']);
    expect(wordsOf('logCmdErr')).toEqual(['log', 'command', 'error']);
    expect(wordsOf('isValid getUser')).toEqual(['valid', 'user']);
  });

  it('takes a path’s folders and file name, each word once', () => {
    expect(pathWords('src/returns/returnPolicy.ts')).toEqual(['sourc', 'return', 'polici']);
    expect(pathWords('pkg/http-client/client_test.go')).toEqual(['pkg', 'http', 'client', 'test']);
  });
});
