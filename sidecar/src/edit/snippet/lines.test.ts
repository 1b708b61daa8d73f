import { describe, expect, it } from 'vitest';
import { placeByLines, type SnippetBounds } from './lines.js';

/** The file after applying the snippet, or the placement's reason when it was not placed. */
function applied(file: string, snippet: string, bounds?: SnippetBounds): string {
  const lines = file.split('\n');
  const p = placeByLines(lines, snippet, bounds);
  if (p.kind !== 'placed') return p.kind === 'new' ? '<new>' : `<unplaced: ${p.reason}>`;
  return [...lines.slice(0, p.start), ...p.lines, ...lines.slice(p.end)].join('\n');
}

describe('placeByLines: TypeScript', () => {
  const cart = `import { Item } from "./item";
import { round } from "./money";

export class Cart {
  private items: Item[] = [];
  private discount = 0;

  add(item: Item): void {
    this.items.push(item);
  }

  total(): number {
    let sum = 0;
    for (const item of this.items) sum += item.price;
    return round(sum);
  }

  remove(id: string): void {
    this.items = this.items.filter((i) => i.id !== id);
  }

  clear(): void {
    this.items = [];
  }
}

export const EMPTY = new Cart();`;

  it('expands every elision into the code it stands for and writes no placeholder', () => {
    const snippet = `export class Cart {
  private items: Item[] = [];
  // ... existing code ...

  total(): number {
    let sum = 0;
    for (const item of this.items) sum += item.price * item.quantity;
    return round(sum * (1 - this.discount));
  }

  // ... existing code ...
}`;
    expect(applied(cart, snippet)).toBe(
      cart
        .replace('sum += item.price;', 'sum += item.price * item.quantity;')
        .replace('return round(sum);', 'return round(sum * (1 - this.discount));'),
    );
  });

  it('keeps the remaining members inside a class the snippet closes early', () => {
    const snippet = `export class Cart {
  // ... existing code ...
  total(): number {
    return round(this.items.reduce((s, i) => s + i.price, 0));
  }
}`;
    const expected = cart.replace(
      '    let sum = 0;\n    for (const item of this.items) sum += item.price;\n    return round(sum);',
      '    return round(this.items.reduce((s, i) => s + i.price, 0));',
    );
    expect(applied(cart, snippet)).toBe(expected);
  });

  it('re-bases a block the chat indented differently, and deletes a line it left out between two kept ones', () => {
    const snippet = `total(): number {
  let sum = 0;
  return round(sum);
}`;
    expect(applied(cart, snippet)).toBe(cart.replace('    for (const item of this.items) sum += item.price;\n', ''));
  });

  it('adds an import at the top through a leading and a trailing elision', () => {
    const snippet = `import { Item } from "./item";
import { round } from "./money";
import { log } from "./log";

// ... rest of the file ...`;
    expect(applied(cart, snippet)).toBe(cart.replace('import { round } from "./money";', 'import { round } from "./money";\nimport { log } from "./log";'));
  });
});

describe('placeByLines: Python', () => {
  const shop = `import math


class Shop:
    def __init__(self, items):
        self.items = items
        self.open = True

    def total(self):
        s = 0
        for item in self.items:
            s += item.price
        return s

    def close(self):
        self.open = False


def main():
    print(Shop([]).total())`;

  it('replaces a method body through elisions on both sides', () => {
    const snippet = `class Shop:
    # ... existing code ...

    def total(self):
        return math.fsum(item.price for item in self.items)

    # ... existing code ...`;
    expect(applied(shop, snippet)).toBe(shop.replace('        s = 0\n        for item in self.items:\n            s += item.price\n        return s', '        return math.fsum(item.price for item in self.items)'));
  });

  it('replaces the old body when the snippet ends inside the method', () => {
    const snippet = `    def total(self):
        return sum(item.price for item in self.items)`;
    expect(applied(shop, snippet)).toBe(shop.replace('        s = 0\n        for item in self.items:\n            s += item.price\n        return s', '        return sum(item.price for item in self.items)'));
  });

  it('adds a method between two kept ones', () => {
    const snippet = `    def close(self):
        self.open = False

    def reopen(self):
        self.open = True


def main():
    # ...`;
    expect(applied(shop, snippet)).toBe(shop.replace('        self.open = False\n', '        self.open = False\n\n    def reopen(self):\n        self.open = True\n'));
  });
});

describe('placeByLines: Java', () => {
  const repo = `package shop;

import java.util.ArrayList;
import java.util.List;

public class OrderRepository {
    private final List<Order> orders = new ArrayList<>();

    public void save(Order order) {
        orders.add(order);
    }

    public Order find(String id) {
        for (Order o : orders) {
            if (o.id().equals(id)) {
                return o;
            }
        }
        return null;
    }

    public int count() {
        return orders.size();
    }
}`;

  it('expands three elisions around two changed methods', () => {
    const snippet = `import java.util.List;
import java.util.Optional;
// ... existing code ...
    public void save(Order order) {
        // ... existing code ...
    }

    public Optional<Order> find(String id) {
        return orders.stream().filter(o -> o.id().equals(id)).findFirst();
    }
    // ... existing code ...
}`;
    const expected = repo
      .replace('import java.util.List;', 'import java.util.List;\nimport java.util.Optional;')
      .replace(
        '    public Order find(String id) {\n        for (Order o : orders) {\n            if (o.id().equals(id)) {\n                return o;\n            }\n        }\n        return null;\n    }',
        '    public Optional<Order> find(String id) {\n        return orders.stream().filter(o -> o.id().equals(id)).findFirst();\n    }',
      );
    expect(applied(repo, snippet)).toBe(expected);
  });
});

describe('placeByLines: TSX', () => {
  const view = `import React from "react";

export function CartView({ cart }: Props) {
  const total = cart.total();
  return (
    <section className="cart">
      <h2>Cart</h2>
      <ul>
        {cart.items.map((i) => (
          <li key={i.id}>{i.name}</li>
        ))}
      </ul>
      <p className="total">{total}</p>
    </section>
  );
}`;

  it('expands a JSX comment elision and changes the line after it', () => {
    const snippet = `    <section className="cart">
      <h2>Cart</h2>
      {/* ... existing code ... */}
      <p className="total">Total: {formatMoney(total)}</p>
    </section>`;
    expect(applied(view, snippet)).toBe(view.replace('<p className="total">{total}</p>', '<p className="total">Total: {formatMoney(total)}</p>'));
  });
});

describe('placeByLines: what it refuses to guess', () => {
  const file = ['function first() {', '  return 1;', '}', '', 'function second() {', '  return 1;', '}'];

  it('reports a snippet that fits two places equally well', () => {
    const p = placeByLines(file, '  return 1;\n}');
    expect(p).toMatchObject({ kind: 'unplaced' });
    expect((p as { reason: string }).reason).toMatch(/lines 2–3 and lines 6–7/);
  });

  it('reports a snippet with elisions whose code is mostly not in the file', () => {
    expect(placeByLines(file, 'function third() {\n  // ...\n  doIt();\n  more();\n}')).toMatchObject({ kind: 'unplaced', reason: expect.stringMatching(/only 1 of/) });
    expect(placeByLines(file, '// ...\n\n')).toMatchObject({ kind: 'unplaced' });
  });

  it('reports new lines after a final placeholder, which nothing bounds', () => {
    expect(placeByLines(file, 'function first() {\n  // ...\n}\n// ...\nfunction extra() {}')).toMatchObject({ kind: 'unplaced', reason: expect.stringMatching(/placeholder/) });
  });

  it('calls a snippet without elisions that is not in the file new code', () => {
    expect(placeByLines(file, 'function third() {\n  return 3;\n}')).toEqual({ kind: 'new' });
  });
});

describe('placeByLines within a selection', () => {
  const file = ['a();', 'function f() {', '  one();', '  two();', '  three();', '}', 'z();'];

  it('expands elisions at the ends into the selection\'s own lines', () => {
    expect(applied(file.join('\n'), '// ...\n  two2();\n  // ...', { start: 1, end: 6 })).toBe('<unplaced: only 0 of its 1 code lines are in the file, so what its placeholders stand for cannot be told; select the lines it replaces, or show that code in full, and apply it again>');
    expect(applied(file.join('\n'), '  // ...\n  two();\n  two2();\n  // ...', { start: 1, end: 6 })).toBe(['a();', 'function f() {', '  one();', '  two();', '  two2();', '  three();', '}', 'z();'].join('\n'));
  });
});
