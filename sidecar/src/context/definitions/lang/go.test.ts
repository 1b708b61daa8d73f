import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';

describe('Go definitions', () => {
  it('maps an import path inside the module to its package directory and finds the member in any of its files, methods joined to their type', async () => {
    const items = await definitionsOf(
      {
        'go.mod': 'module example.com/shop\n\ngo 1.22\n',
        'internal/policy/policy.go':
          'package policy\n\n// Policy decides whether an order may be returned.\ntype Policy struct {\n\tMaxDays int\n}\n\n// AssertCanReturn fails when the order may not be returned.\nfunc (p *Policy) AssertCanReturn(orderID string) error {\n\treturn nil\n}\n',
        'internal/policy/default.go': 'package policy\n\n// Default is the shop-wide policy.\nvar Default = &Policy{MaxDays: 30}\n',
        'internal/policy/policy_test.go': 'package policy\n\nvar Default = 1\n',
        'returns/create.go': 'package returns\n\nimport (\n\t"fmt"\n\tpol "example.com/shop/internal/policy"\n)\n\nfunc Create(id string) error {\n\tfmt.Println(id)\n\treturn pol.Default.AssertCanReturn(id)\n}\n',
      },
      'returns/create.go',
      { startLine: 7, endLine: 11 },
    );
    expect(where(items)).toEqual(['Default @ internal/policy/default.go', 'Policy @ internal/policy/policy.go']);
    expect(items[0].text).toBe('// Default is the shop-wide policy.\nvar Default = &Policy{MaxDays: 30}');
    expect(items[1].text).toBe(
      '// Policy decides whether an order may be returned.\ntype Policy struct {\n\tMaxDays int\n}\n// AssertCanReturn fails when the order may not be returned.\nfunc (p *Policy) AssertCanReturn(orderID string) error { … }',
    );
  });

  it('finds functions of the same package in the other files of the directory', async () => {
    const items = await definitionsOf(
      { 'go.mod': 'module m\n', 'a.go': 'package main\n\nfunc main() {\n\trun(3)\n}\n', 'b.go': 'package main\n\nfunc run(n int) bool {\n\treturn n > 0\n}\n' },
      'a.go',
      { startLine: 2, endLine: 5 },
    );
    expect(where(items)).toEqual(['run @ b.go']);
    expect(items[0].text).toBe('func run(n int) bool { … }');
  });

  it('does not read packages outside the module', async () => {
    expect(await definitionsOf({ 'go.mod': 'module m\n', 'a.go': 'package main\n\nimport "github.com/x/y"\n\nvar v = y.Z\n' }, 'a.go')).toEqual([]);
  });
});
