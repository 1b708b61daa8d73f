import { Item } from "./item";
import { round } from "./money";
import { logger } from "./logger";

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
      sum += item.price;
    }
    return round(sum);
  }

  remove(id: string): void {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.id !== id);
    logger.debug(`removed ${before - this.items.length} line(s) for ${id}`);
  }

  clear(): void {
    this.items = [];
  }
}
