/**
 * The still picture through the packaged executable: the extract-a-helper rewrites of the diff
 * corpus (a helper written above or below the original function, one or two of its lines changed)
 * stream from the model double, and no render the client applies moves a line an earlier render
 * showed, the settled picture included. `npm run bench` counts the same over the whole corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { loadDiffCorpus } from '../diff-corpus/corpus.js';
import { packagedSidecar } from '../harness/packaged.js';
import { streamRewrite } from '../harness/stillPicture.js';

const helpers = loadDiffCorpus().filter((p) => p.name.includes('-extract-helper-'));

describe('still picture (packaged executable)', () => {
  let model: ModelDouble;
  let client: SidecarClient;

  beforeAll(async () => {
    model = await startModelDouble();
    client = await packagedSidecar({ provider: 'openai', endpoint: model.url, model: 'm' });
    // A first session compiles what streaming needs: later ones render chunk by chunk.
    await streamRewrite(client, model, helpers[0]);
  }, 30_000);
  afterAll(async () => {
    await client.close();
    await model.close();
  });

  it('covers the helper written above and below, in several languages', () => {
    expect(helpers.filter((p) => p.name.endsWith('-above')).length).toBeGreaterThanOrEqual(5);
    expect(helpers.filter((p) => p.name.endsWith('-below')).length).toBeGreaterThanOrEqual(3);
  });

  for (const pair of helpers) {
    it(`${pair.name}: no render moves a line shown before it`, async () => {
      const still = await streamRewrite(client, model, pair);
      expect(still.renders).toBeGreaterThanOrEqual(2);
      expect(still).toMatchObject({ rearranged: 0, moved: 0 });
    }, 30_000);
  }
});
