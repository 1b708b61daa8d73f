/**
 * The extension manifest's generated part: `contributes.configuration`, from the protocol's
 * SETTINGS (src/settings/settings.ts). `npm run gen:protocol` rewrites it; `--check` and
 * src/settings/settings.test.ts fail when the committed package.json differs.
 */
import { configurationContribution } from '../src/settings/settings.js';

export function generateManifest(current: string): string {
  const manifest = JSON.parse(current) as { contributes: Record<string, unknown> };
  manifest.contributes.configuration = configurationContribution();
  return JSON.stringify(manifest, null, 2) + '\n';
}
