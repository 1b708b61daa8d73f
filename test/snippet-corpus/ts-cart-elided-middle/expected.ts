import { Item } from "./item";
import { round } from "./money";

export class Cart {
  private items: Item[] = [];
  private discount = 0;

  add(item: Item): void {
    const existing = this.items.find((i) => i.id === item.id);
    if (existing) {
      existing.quantity += item.quantity;
      return;
    }
    this.items.push(item);
  }

  setDiscount(percent: number): void {
    this.discount = percent / 100;
  }

  total(): number {
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.quantity;
    }
    return round(sum * (1 - this.discount));
  }

  remove(id: string): void {
    this.items = this.items.filter((i) => i.id !== id);
  }

  clear(): void {
    this.items = [];
  }
}
