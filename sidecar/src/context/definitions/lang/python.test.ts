import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';

const POLICY = `from dataclasses import dataclass


@dataclass
class ReturnCommand:
    order_id: str
    requested_by: str


class ReturnPolicy:
    """Decides whether an order may be returned."""

    max_days: int = 30

    def assert_can_return(self, command: ReturnCommand) -> None:
        """Raises ReturnRefused when the order may not be returned."""
        if command.order_id == "":
            raise ValueError("no order")


return_policy: ReturnPolicy = ReturnPolicy()
`;

describe('Python definitions', () => {
  it('resolves a relative from-import in a package, and follows the annotation to the class outline', async () => {
    const items = await definitionsOf(
      {
        'shop/__init__.py': '',
        'shop/returns/__init__.py': '',
        'shop/returns/policy.py': POLICY,
        'shop/returns/create.py': 'from .policy import return_policy\n\n\ndef create_return(request):\n    return_policy.assert_can_return(request)\n',
      },
      'shop/returns/create.py',
      { startLine: 3, endLine: 5 },
    );
    expect(where(items)).toEqual(['return_policy @ shop/returns/policy.py', 'ReturnPolicy @ shop/returns/policy.py']);
    expect(items[1].text).toBe(
      [
        'class ReturnPolicy:',
        '    """Decides whether an order may be returned."""',
        '',
        '    max_days: int = 30',
        '',
        '    def assert_can_return(self, command: ReturnCommand) -> None:',
        '        """Raises ReturnRefused when the order may not be returned."""',
        '        ...',
      ].join('\n'),
    );
  });

  it('resolves absolute imports from the package root, packages through __init__.py, aliases and module attributes', async () => {
    const items = await definitionsOf(
      {
        'src/app/__init__.py': '',
        'src/app/money.py': 'def round_cents(value: float) -> float:\n    """To two decimals."""\n    return round(value, 2)\n',
        'src/app/orders/__init__.py': 'class Order:\n    id: str\n',
        'src/app/main.py': 'import app.money as m\nfrom app.orders import Order\nfrom app import money\n\ntotal = m.round_cents(Order().id) + money.round_cents(1)\n',
      },
      'src/app/main.py',
      { startLine: 4, endLine: 5 },
    );
    expect(where(items)).toEqual(['round_cents @ src/app/money.py', 'Order @ src/app/orders/__init__.py']);
    expect(items[0].text).toBe('def round_cents(value: float) -> float:\n    """To two decimals."""\n    ...');
  });

  it('takes a decorated definition with its decorator, and names from a wildcard import', async () => {
    const items = await definitionsOf(
      { 'util.py': 'import functools\n\n\n@functools.cache\ndef slow(n: int) -> int:\n    return n\n', 'main.py': 'from util import *\n\nslow(3)\n' },
      'main.py',
      { startLine: 2, endLine: 3 },
    );
    expect(items.map((i) => i.text)).toEqual(['@functools.cache\ndef slow(n: int) -> int:\n    ...']);
  });

  it('finds nothing for the standard library or a module outside the workspace', async () => {
    expect(await definitionsOf({ 'a.py': 'import os\nfrom .... import secret\n\nos.path.join(secret)\n' }, 'a.py', { startLine: 3, endLine: 4 })).toEqual([]);
  });
});
