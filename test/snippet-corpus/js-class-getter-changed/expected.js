export class Basket {
  #lines = new Map();

  add(sku, price, qty = 1) {
    const line = this.#lines.get(sku) ?? { price, qty: 0 };
    line.qty += qty;
    this.#lines.set(sku, line);
  }

  get total() {
    let sum = 0;
    for (const { price, qty } of this.#lines.values()) sum += price * qty;
    return Math.round(sum);
  }

  get size() {
    return this.#lines.size;
  }
}
