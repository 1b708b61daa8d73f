import { describe, expect, it } from 'vitest';
import type { RenderOutcome } from './renderChannel.js';
import { RenderLoop } from './renderLoop.js';

/** A render that stays on its way until the test answers it. */
function controlled() {
  const answers: Array<(outcome: RenderOutcome) => void> = [];
  const render = () => new Promise<RenderOutcome>((resolve) => answers.push(resolve));
  return { answers, render };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderLoop', () => {
  it('coalesces the requests made while a render is on its way into one next render', async () => {
    const { answers, render } = controlled();
    const loop = new RenderLoop(render, 3, () => undefined);
    loop.request();
    for (let i = 0; i < 5; i++) loop.request();
    expect(answers).toHaveLength(1);
    answers[0]('applied');
    await tick();
    expect(answers).toHaveLength(2);
    answers[1]('applied');
    await loop.settled();
    expect(answers).toHaveLength(2);
  });

  it('renders again at once after a stale answer, and gives up after too many in a row', async () => {
    const { answers, render } = controlled();
    let gaveUp = 0;
    const loop = new RenderLoop(render, 2, () => gaveUp++);
    loop.request();
    for (let i = 0; i < 3; i++) {
      answers[i]('stale');
      await tick();
    }
    expect(answers).toHaveLength(3);
    expect(gaveUp).toBe(1);
    await loop.settled();
    loop.request();
    expect(answers).toHaveLength(4);
  });

  it('counts only stale answers in a row', async () => {
    const { answers, render } = controlled();
    let gaveUp = 0;
    const loop = new RenderLoop(render, 1, () => gaveUp++);
    loop.request();
    answers[0]('stale');
    await tick();
    loop.request();
    answers[1]('applied');
    await tick();
    answers[2]('stale');
    await tick();
    answers[3]('skipped');
    await loop.settled();
    expect(answers).toHaveLength(4);
    expect(gaveUp).toBe(0);
  });
});
