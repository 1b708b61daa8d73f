/**
 * Java and Kotlin packages on disk. A package `com.acme.policy` is the directory
 * `com/acme/policy` under a source root. The importing file's own root comes first (its path minus
 * the directories of its `package` line), then the usual roots of each workspace folder and of
 * its modules one level down (`src/main/java`, `src/main/kotlin`, `src/test/…`, `src`).
 */
import { dirname, join, sep } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { Project } from '../language.js';

const STANDARD_ROOTS = ['src/main/java', 'src/main/kotlin', 'src/test/java', 'src/test/kotlin', 'src', ''];
/** Modules of a multi-module build looked at under each folder, at most. */
const MAX_MODULES = 50;

/** The package a Java or Kotlin file declares, or ''. */
export function packageOf(root: Node): string {
  for (const child of root.namedChildren) {
    if (child.type === 'package_declaration' || child.type === 'package_header') {
      const name = child.namedChildren.find((c) => c.type === 'scoped_identifier' || c.type === 'identifier' || c.type === 'qualified_identifier');
      return name ? name.text.replace(/\s+/g, '') : '';
    }
  }
  return '';
}

/** The source root of a file in package `pkg`: its directory minus the package's directories, when they match. */
export function ownRoot(file: string, pkg: string): string | null {
  const dir = dirname(file);
  if (!pkg) return dir;
  const tail = pkg.split('.').join(sep);
  return dir.endsWith(sep + tail) ? dir.slice(0, -(tail.length + 1)) : null;
}

/** Source roots, nearest first: the file's own, then each folder's standard roots, then its modules' main roots. */
async function* sourceRoots(fromFile: string, pkg: string, project: Project): AsyncGenerator<string> {
  const seen = new Set<string>();
  const own = ownRoot(fromFile, pkg);
  if (own) {
    seen.add(own);
    yield own;
  }
  const folder = project.folderOf(fromFile);
  if (!folder) return;
  for (const standard of STANDARD_ROOTS) {
    const root = standard ? join(folder, standard) : folder;
    if (!seen.has(root)) yield root;
    seen.add(root);
  }
  let modules = 0;
  for (const name of await project.list(folder)) {
    if (name.startsWith('.') || SKIPPED.has(name) || ++modules > MAX_MODULES) continue;
    for (const standard of MODULE_ROOTS) yield join(folder, name, standard);
  }
}

const SKIPPED = new Set(['node_modules', 'build', 'out', 'target', 'src']);
const MODULE_ROOTS = ['src/main/java', 'src/main/kotlin'];

/** The first directory of package `pkg` under the source roots, with its sorted entries; null when none exists. */
export async function packageDir(fromFile: string, fromPackage: string, pkg: string, project: Project): Promise<{ dir: string; names: string[] } | null> {
  for await (const root of sourceRoots(fromFile, fromPackage, project)) {
    const dir = pkg ? join(root, ...pkg.split('.')) : root;
    const names = await project.list(dir);
    if (names.length > 0) return { dir, names };
  }
  return null;
}
