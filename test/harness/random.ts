/**
 * A seeded random source (mulberry32: small, fast and good enough), so a failing fuzz run or fault
 * session is replayed from its seed alone.
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** A value with probability proportional to its weight: [[value, weight], …], or { key: weight, … } for a key. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T;
  weighted<K extends string>(weights: Record<K, number>): K;
  weighted(choices: ReadonlyArray<readonly [unknown, number]> | Record<string, number>): unknown {
    const entries = Array.isArray(choices) ? choices : Object.entries(choices);
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of entries) if ((roll -= w) < 0) return value;
    return entries[entries.length - 1][0];
  }
}
