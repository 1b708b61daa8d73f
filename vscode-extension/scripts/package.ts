/**
 * Builds the per-platform VSIX: the extension bundled by esbuild into dist/extension.js, the
 * platform's sidecar executable copied into bin/ under the name the extension looks for, then
 * `vsce package --target <target>`.
 *
 *   npm run package -w vscode-extension -- [--target linux-x64] [--force]
 *
 * The sidecar comes from the repository's dist/: `platforms/redline-sidecar-<target>` (`npm run build -- --all`)
 * or, for this machine's own target, `redline-sidecar` (`npm run build`). Output: dist/redline-vscode-<target>.vsix.
 * Skipped when the VSIX is newer than every input.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { BUNDLE_DIR, sidecarFileName } from '../src/sidecar/executable.js';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(here, '..');
const { values } = parseArgs({ options: { target: { type: 'string', default: `${process.platform}-${process.arch}` }, force: { type: 'boolean', default: false } } });
const target = values.target!;
const [platform, arch] = target.split('-');
if (!platform || !arch) throw new Error(`--target must be <platform>-<arch> (e.g. linux-x64), not ${target}`);

const exe = platform === 'win32' ? '.exe' : '';
const candidates = [join(root, 'dist', 'platforms', `redline-sidecar-${target}${exe}`), ...(target === `${process.platform}-${process.arch}` ? [join(root, 'dist', `redline-sidecar${exe}`)] : [])];
const sidecar = candidates.find((file) => existsSync(file));
if (!sidecar) throw new Error(`No sidecar for ${target}: build one first (looked for ${candidates.join(', ')}).`);
const vsix = join(root, 'dist', `redline-vscode-${target}.vsix`);

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const inputs = [join(here, 'src'), join(here, 'package.json'), join(here, 'README.md'), join(root, 'shared-protocol', 'src'), join(root, 'client', 'src'), sidecar];

async function main(): Promise<void> {
  if (!values.force && existsSync(vsix) && statSync(vsix).mtimeMs > Math.max(...inputs.map(newest))) {
    console.log(`${vsix} is up to date`);
    return;
  }
  await build({
    entryPoints: [join(here, 'src', 'extension.ts')],
    outfile: join(here, 'dist', 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    sourcemap: false,
    logLevel: 'warning',
  });
  const bin = join(here, BUNDLE_DIR);
  rmSync(bin, { recursive: true, force: true });
  mkdirSync(bin);
  copyFileSync(sidecar!, join(bin, sidecarFileName(platform, arch)));
  mkdirSync(dirname(vsix), { recursive: true });
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const flags = ['--target', target, '--no-dependencies', '--skip-license', '--allow-missing-repository'];
  execFileSync(process.execPath, [vsce, 'package', ...flags, '--out', vsix], { cwd: here, stdio: 'inherit' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
