/**
 * Reading what VS Code draws, for the end-to-end tests: the extension's theme colours as a browser
 * composites them, and every frame of the active editor while a proposal streams (its lines' text,
 * whether each is dimmed, which line background lies under it, the streaming hint), each frame read
 * whole in one requestAnimationFrame callback, so text and marks are the ones drawn together.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export type Rgb = [number, number, number];

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** A colour the extension contributes, as [r, g, b, alpha] for the light or dark theme. */
export function themeColor(id: string, kind: 'light' | 'dark'): [number, number, number, number] {
  const hex: string = manifest.contributes.colors.find((c: { id: string }) => c.id === id).defaults[kind];
  const n = (i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return [n(0), n(1), n(2), hex.length > 7 ? n(3) / 255 : 1];
}

/** One line of the editor as one frame drew it. */
export interface FrameLine {
  text: string;
  /** Drawn at the unreached lines' opacity. */
  dim: boolean;
  /** The line's whole-line background: the added or removed colour, or none of them. */
  background: 'added' | 'removed' | null;
  /** The streaming hint (`…`, a decoration's ::after) on this line: at its end, or with text after it. */
  hint: 'end' | 'mid' | null;
}

/**
 * Starts recording every frame of the active editor; `stop` ends it and returns the frames. The
 * colours are the dark or light defaults of the theme kind in use (the test says which).
 */
export async function recordFrames(page: Page, kind: 'light' | 'dark'): Promise<{ stop(): Promise<FrameLine[][]> }> {
  const colors = { added: themeColor('redline.addedLineBackground', kind), removed: themeColor('redline.removedLineBackground', kind) };
  await page.evaluate((colors) => {
    const rgba = (c: number[]) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${Math.round(c[3] * 1000) / 1000})`;
    const alike = (a: string, b: string) => {
      const parse = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number);
      const [x, y] = [parse(a), parse(b)];
      return x.length === 4 && y.length === 4 && x.every((v, i) => Math.abs(v - y[i]) <= (i === 3 ? 0.02 : 2));
    };
    const frames: unknown[] = [];
    const state = window as unknown as { __redlineFrames: unknown[]; __redlineRecording: boolean };
    state.__redlineFrames = frames;
    state.__redlineRecording = true;
    const read = () => {
      const editor = document.querySelector('.editor-group-container.active .monaco-editor');
      if (!editor) return [];
      // Each line's background lies in the overlay row at the same height as its text.
      const backgrounds = new Map<number, string[]>();
      for (const row of editor.querySelectorAll<HTMLElement>('.view-overlays > div')) {
        backgrounds.set(Math.round(parseFloat(row.style.top)), [...row.children].map((c) => getComputedStyle(c).backgroundColor));
      }
      return [...editor.querySelectorAll<HTMLElement>('.view-lines .view-line')]
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((line) => {
          const under = backgrounds.get(Math.round(parseFloat(line.style.top))) ?? [];
          const background = under.some((c) => alike(c, rgba(colors.added))) ? 'added' : under.some((c) => alike(c, rgba(colors.removed))) ? 'removed' : null;
          const spans = [...line.querySelectorAll('span')];
          const hinted = spans.find((el) => getComputedStyle(el, '::after').content.includes('\u2026'));
          let hint: 'end' | 'mid' | null = null;
          if (hinted) {
            const after = document.createRange();
            after.setStartAfter(hinted);
            after.setEnd(line, line.childNodes.length);
            hint = after.toString().replace(/\u00a0/g, ' ').trim() === '' ? 'end' : 'mid';
          }
          return {
            text: (line.textContent ?? '').replace(/\u00a0/g, ' '),
            dim: spans.some((el) => getComputedStyle(el).opacity === '0.5'),
            background,
            hint,
          };
        });
    };
    const tick = () => {
      if (!state.__redlineRecording) return;
      frames.push(read());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, colors);
  return {
    stop: () =>
      page.evaluate(() => {
        const state = window as unknown as { __redlineFrames: FrameLine[][]; __redlineRecording: boolean };
        state.__redlineRecording = false;
        return state.__redlineFrames;
      }),
  };
}
