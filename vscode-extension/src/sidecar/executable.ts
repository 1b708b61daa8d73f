/**
 * The sidecar executable a VSIX bundles: one per platform, named `redline-sidecar-<platform>-<arch>`
 * with Node's platform and arch names (the IntelliJ plugin's names, and VS Code's `--target` names).
 */
export const BUNDLE_DIR = 'bin';

export function sidecarFileName(platform: string, arch: string): string {
  return `redline-sidecar-${platform}-${arch}${platform === 'win32' ? '.exe' : ''}`;
}
