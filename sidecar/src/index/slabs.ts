/**
 * Small typed arrays taken as views of a few large buffers, for the postings lists. Made, grown and
 * dropped one by one, each small array is a piece of the C allocator's heap (with the engine's
 * bookkeeping per buffer), and that heap keeps the pieces freed between live ones: after a crawl it
 * held about twice the live lists (docs/benchmarks.md). A buffer of SLAB_BYTES is above the mmap
 * threshold the sidecar sets, so the allocator maps it on its own and it goes back to the system
 * whole once no view holds it. A view given back is taken again by the next request of its length;
 * to give back the room of the free views, copy what is live into a new `Slabs` and drop this one.
 */
type Typed = Int32Array | Uint16Array;

export const SLAB_BYTES = 1 << 18;

export class Slabs<T extends Typed> {
  private readonly perSlab: number;
  /** The buffers of this generation: a view of another is never taken back. */
  private readonly buffers = new WeakSet<ArrayBufferLike>();
  private readonly free = new Map<number, T[]>();
  private slab: T | null = null;
  private fill = 0;
  /** Elements in slabs, and of those the ones in given-back views or lost at a slab's end. */
  private held = 0;
  private spare = 0;

  constructor(private readonly kind: { new (length: number): T; BYTES_PER_ELEMENT: number }) {
    this.perSlab = SLAB_BYTES / kind.BYTES_PER_ELEMENT;
  }

  /** A view of `length` elements (not cleared: a given-back view keeps what it held). */
  take(length: number): T {
    // A list of a quarter slab or more has a buffer of its own: already mapped on its own, and no slab's tail is lost to it.
    if (length * 4 > this.perSlab) {
      const own = new this.kind(length);
      this.buffers.add(own.buffer);
      return own;
    }
    const reused = this.free.get(length)?.pop();
    if (reused) {
      this.spare -= length;
      return reused;
    }
    if (!this.slab || this.fill + length > this.perSlab) {
      if (this.slab) this.spare += this.perSlab - this.fill;
      this.slab = new this.kind(this.perSlab);
      this.buffers.add(this.slab.buffer);
      this.held += this.perSlab;
      this.fill = 0;
    }
    this.fill += length;
    return this.slab.subarray(this.fill - length, this.fill) as T;
  }

  /** The share of the slabs no view in use holds. */
  get spareShare(): number {
    return this.held === 0 ? 0 : this.spare / this.held;
  }

  /** Whether `view` was taken from this generation. */
  owns(view: T): boolean {
    return this.buffers.has(view.buffer);
  }

  /** Takes `view` back for reuse, if it is this generation's and a slab's (a buffer of its own is left to the collector). */
  give(view: T): void {
    if (!this.owns(view) || view.length * 4 > this.perSlab) return;
    this.spare += view.length;
    const list = this.free.get(view.length);
    if (list) list.push(view);
    else this.free.set(view.length, [view]);
  }
}
