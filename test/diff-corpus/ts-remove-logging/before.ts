export class Cart {
  private items = new Map<string, number>();

  add(sku: string, quantity = 1): void {
    console.log('add', sku, quantity);
    const current = this.items.get(sku) ?? 0;
    this.items.set(sku, current + quantity);
    console.log('cart now', this.items.size, 'items');
  }

  remove(sku: string): boolean {
    console.log('remove', sku);
    if (!this.items.has(sku)) {
      console.warn('not in cart', sku);
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
    console.log('total', sum);
    return sum;
  }
}
