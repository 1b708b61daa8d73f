export class Cart {
  private items = new Map<string, number>();

  add(sku: string, quantity = 1): void {
    const current = this.items.get(sku) ?? 0;
    this.items.set(sku, current + quantity);
  }

  remove(sku: string): boolean {
    if (!this.items.has(sku)) {
      return false;
    }
    this.items.delete(sku);
    return true;
  }

  total(prices: Record<string, number>): number {
    let sum = 0;
    for (const [sku, quantity] of this.items) {
      sum += (prices[sku] ?? 0) * quantity;
    }
    return sum;
  }
}
