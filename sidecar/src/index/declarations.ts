/**
 * The workspace index's declarations as columns by id: the file (a number the owner gives), the
 * name and kind (interned, as numbers), whether exported, the rows. Declarations of one name are
 * chained in id order, so a lookup by name costs its matches. An object and a few strings per
 * declaration held about four times as much. No I/O: the owner feeds it.
 */
import { detached } from '@redline/shared-protocol';

export interface DeclarationRow {
  name: string;
  kind: string;
  exported: boolean;
  line: number;
  endLine: number;
}

function grown<T extends Int32Array | Uint16Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Strings kept once each, numbered from 1 (0: none); never let go, as a workspace's names come back. */
class Interned {
  readonly list: string[] = [''];
  private readonly numbers = new Map<string, number>();

  numberOf(text: string): number {
    let n = this.numbers.get(text);
    if (n === undefined) {
      n = this.list.length;
      const own = detached(text);
      this.list.push(own);
      this.numbers.set(own, n);
    }
    return n;
  }

  find(text: string): number {
    return this.numbers.get(text) ?? 0;
  }
}

export class DeclarationTable {
  private files = new Int32Array(1024);
  /** 0: no declaration under that id. */
  private nameOf = new Int32Array(1024);
  private kindOf = new Uint16Array(1024);
  private exportedOf = new Uint8Array(1024);
  private lines = new Int32Array(1024);
  private endLines = new Int32Array(1024);
  /** The previous and next id of the same name (0: none), and each name's first and last. */
  private previous = new Int32Array(1024);
  private next = new Int32Array(1024);
  private firstNamed = new Int32Array(1024);
  private lastNamed = new Int32Array(1024);
  private readonly names = new Interned();
  private readonly kinds = new Interned();
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    return id < this.nameOf.length && this.nameOf[id] !== 0;
  }

  /** Adds a declaration under an id above every live one. */
  add(id: number, file: number, row: DeclarationRow): void {
    if (id >= this.nameOf.length) {
      const size = id + 1;
      this.files = grown(this.files, size);
      this.nameOf = grown(this.nameOf, size);
      this.kindOf = grown(this.kindOf, size);
      this.exportedOf = grown(this.exportedOf, size);
      this.lines = grown(this.lines, size);
      this.endLines = grown(this.endLines, size);
      this.previous = grown(this.previous, size);
      this.next = grown(this.next, size);
    }
    const name = this.names.numberOf(row.name);
    if (name >= this.firstNamed.length) {
      this.firstNamed = grown(this.firstNamed, name + 1);
      this.lastNamed = grown(this.lastNamed, name + 1);
    }
    this.files[id] = file;
    this.nameOf[id] = name;
    this.kindOf[id] = this.kinds.numberOf(row.kind);
    this.exportedOf[id] = row.exported ? 1 : 0;
    this.lines[id] = row.line;
    this.endLines[id] = row.endLine;
    const last = this.lastNamed[name];
    this.previous[id] = last;
    this.next[id] = 0;
    if (last) this.next[last] = id;
    else this.firstNamed[name] = id;
    this.lastNamed[name] = id;
    this.count++;
  }

  remove(id: number): void {
    if (!this.has(id)) return;
    const name = this.nameOf[id];
    const before = this.previous[id];
    const after = this.next[id];
    if (before) this.next[before] = after;
    else this.firstNamed[name] = after;
    if (after) this.previous[after] = before;
    else this.lastNamed[name] = before;
    this.nameOf[id] = 0;
    this.count--;
  }

  /** The ids of the declarations named `name`, ascending. */
  named(name: string): number[] {
    const out: number[] = [];
    const n = this.names.find(name);
    for (let id = n ? this.firstNamed[n] : 0; id; id = this.next[id]) out.push(id);
    return out;
  }

  /** Every live id, ascending. */
  *ids(): Generator<number> {
    for (let id = 0; id < this.nameOf.length; id++) if (this.nameOf[id] !== 0) yield id;
  }

  file(id: number): number {
    return this.files[id];
  }

  row(id: number): DeclarationRow {
    return { name: this.names.list[this.nameOf[id]], kind: this.kinds.list[this.kindOf[id]], exported: this.exportedOf[id] === 1, line: this.lines[id], endLine: this.endLines[id] };
  }

  name(id: number): string {
    return this.names.list[this.nameOf[id]];
  }

  exported(id: number): boolean {
    return this.exportedOf[id] === 1;
  }
}
