/**
 * The environment every client starts the sidecar with: its own, plus what is declared here. The
 * client library (so the terminal client), the VS Code extension and the IntelliJ plugin (its copy in
 * core/SidecarEnvironment.kt is checked against protocol.json's `sidecarEnvironment`) all use it.
 *
 * glibc's malloc reads these once, at process start, so the sidecar cannot set them on itself. Only
 * glibc reads them: on macOS, Windows or musl they are inert.
 */

/**
 * glibc tunables for the sidecar. Allocations of 16 KiB and more get pages of their own (mmap), which
 * go back to the system when freed, instead of coming from malloc's arenas: V8's optimising compilers
 * take tens of MB in such blocks for one large grammar function and free them, and the arenas kept
 * 20–50 MB of it for the process's lifetime (six paired runs). A fixed threshold also
 * turns off glibc's own, which rises to the largest block freed so far. 32 KiB measured the same,
 * 128 KiB kept all of it.
 */
export const SIDECAR_GLIBC_TUNABLES: Readonly<Record<string, string>> = {
  'glibc.malloc.mmap_threshold': '16384',
};

/** The older variable naming the same tunable: a user who sets either keeps their value. */
const LEGACY_NAMES: Readonly<Record<string, string>> = {
  'glibc.malloc.mmap_threshold': 'MALLOC_MMAP_THRESHOLD_',
};

/**
 * `parent` (the client's own environment) with the sidecar's tunables added to GLIBC_TUNABLES. What
 * the user already set there (or through its older variable) is kept and wins.
 */
export function sidecarEnvironment(parent: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) if (value !== undefined) env[name] = value;
  const existing = env.GLIBC_TUNABLES ?? '';
  const named = new Set(existing.split(':').map((entry) => entry.split('=')[0]));
  const added = Object.entries(SIDECAR_GLIBC_TUNABLES)
    .filter(([name]) => !named.has(name) && env[LEGACY_NAMES[name]] === undefined)
    .map(([name, value]) => `${name}=${value}`);
  if (added.length > 0) env.GLIBC_TUNABLES = [existing, ...added].filter(Boolean).join(':');
  return env;
}
