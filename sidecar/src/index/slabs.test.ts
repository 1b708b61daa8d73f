import { describe, expect, it } from 'vitest';
import { SLAB_BYTES, Slabs } from './slabs.js';

describe('Slabs', () => {
  it('takes views that do not overlap, across slabs', () => {
    const slabs = new Slabs<Int32Array>(Int32Array);
    const perSlab = SLAB_BYTES / 4;
    const views = Array.from({ length: 3000 }, (_, i) => slabs.take(1 + (i % 100)));
    views.forEach((view, i) => view.fill(i));
    views.forEach((view, i) => expect(view.every((v) => v === i)).toBe(true));
    const total = views.reduce((sum, view) => sum + view.length, 0);
    expect(total).toBeGreaterThan(perSlab);
    expect(new Set(views.map((view) => view.buffer)).size).toBeGreaterThan(1);
  });

  it('takes a given-back view again for the same length only, and only its own generation’s', () => {
    const slabs = new Slabs<Uint16Array>(Uint16Array);
    const other = new Slabs<Uint16Array>(Uint16Array);
    const a = slabs.take(8);
    slabs.give(a);
    expect(slabs.take(4)).not.toBe(a);
    expect(slabs.take(8)).toBe(a);
    const foreign = other.take(8);
    slabs.give(foreign);
    expect(slabs.owns(foreign)).toBe(false);
    expect(slabs.take(8)).not.toBe(foreign);
  });

  it('counts the room in given-back views as spare until it is taken again', () => {
    const slabs = new Slabs<Int32Array>(Int32Array);
    const a = slabs.take(1000);
    slabs.take(1000);
    expect(slabs.spareShare).toBe(0);
    slabs.give(a);
    expect(slabs.spareShare).toBeCloseTo(1000 / (SLAB_BYTES / 4));
    slabs.take(1000);
    expect(slabs.spareShare).toBe(0);
  });

  it('gives a long list a buffer of its own, never taken back', () => {
    const slabs = new Slabs<Int32Array>(Int32Array);
    const long = slabs.take(SLAB_BYTES / 4);
    expect(long.buffer.byteLength).toBe(SLAB_BYTES);
    expect(slabs.owns(long)).toBe(true);
    slabs.give(long);
    expect(slabs.take(SLAB_BYTES / 4)).not.toBe(long);
  });
});
