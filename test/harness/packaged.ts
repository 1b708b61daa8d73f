/** The packaged single executable, as users run it: built by `npm run build` before the tests. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import { SidecarClient, type EditorTools } from '@redline/client';

export const PACKAGED_SIDECAR = fileURLToPath(new URL(`../../dist/${process.platform === 'win32' ? 'redline-sidecar.exe' : 'redline-sidecar'}`, import.meta.url));

export async function packagedSidecar(
  settings: RedlineSettingsPatch,
  stderr: (text: string) => void = () => undefined,
  workspaceFolders: readonly string[] = [],
  tools: EditorTools = {},
): Promise<SidecarClient> {
  if (!existsSync(PACKAGED_SIDECAR)) throw new Error(`${PACKAGED_SIDECAR} is missing: run \`npm run build\` first`);
  return SidecarClient.spawn(PACKAGED_SIDECAR, [], settings, stderr, workspaceFolders, tools);
}
