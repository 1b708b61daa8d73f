/**
 * What each language tells the definitions source (one module per language in lang/): its syntax
 * table, how it imports, and where an imported module lives in the project. Resolution reads the
 * project only through `Project`, whose every file-system call stays inside the workspace folders.
 */
import { dirname } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { isInside } from '../workspace.js';
import type { SyntaxSpec } from './syntax.js';

/** A name the file binds through an import. */
export interface ImportBinding {
  /** The name the file uses; `*` for a wildcard import that brings every name of `module`. */
  local: string;
  /** The module as the source writes it (`@/returns/returnPolicy`, `.policy`, `com.acme.policy`, `crate::a::b`). */
  module: string;
  /** The name inside the module; `*` binds the module itself (a namespace), `default` a default export. */
  imported: string;
}

/** `export { a as b } from './m'` / `export * from './m'`: names a file passes on from another (TypeScript barrels). */
export interface Reexport {
  /** The name this file exports, or `*`. */
  exported: string;
  module: string;
  imported: string;
}

/** The project as resolution sees it; paths are absolute. */
export interface Project {
  isFile(path: string): Promise<boolean>;
  /** Names in a directory, sorted; empty outside the workspace. */
  list(dir: string): Promise<string[]>;
  /** A small text file (tsconfig.json, go.mod, Cargo.toml), or null. */
  readText(path: string): Promise<string | null>;
  /** The workspace folder holding `path`, or null. */
  folderOf(path: string): string | null;
}

/** Where a binding leads: files that may declare `name` (in preference order), or a module as a whole. */
export interface ModuleTarget {
  files: string[];
}

/** The importing file: its path, and its package for languages that declare one (Java, Kotlin, Go). */
export interface From {
  file: string;
  pkg: string;
}

export interface LanguageSupport {
  spec: SyntaxSpec;
  imports(root: Node): ImportBinding[];
  /** The package the file declares (`package com.acme;`), '' without one. */
  packageOf?(root: Node): string;
  reexports?(root: Node): Reexport[];
  /**
   * The files that may declare `imported` of `module` (imported from `fromFile`), in preference
   * order: one file for languages with a file per module, the files of a package for Go and Kotlin.
   */
  resolveModule(module: string, imported: string, from: From, project: Project): Promise<string[]>;
  /**
   * For `from pkg import name` / `use a::b`: when `imported` is itself a module rather than a name
   * in `module`, its files (so `name.member` finds the member there).
   */
  resolveSubmodule?(module: string, imported: string, from: From, project: Project): Promise<string[]>;
  /** Files that may declare `name`, used without an import (the file's package, wildcard imports), in preference order. */
  implicitFiles?(name: string, from: From, bindings: readonly ImportBinding[], project: Project): Promise<string[]>;
}

/** `dir` and its parents up to `stopAt` (inclusive), nearest first; nothing when `dir` is not inside `stopAt`. */
export function* ancestors(dir: string, stopAt: string): Generator<string> {
  for (let current = dir; isInside(stopAt, current); current = dirname(current)) {
    yield current;
    if (current === stopAt || dirname(current) === current) return;
  }
}

/** The first of `candidates` that is a file. */
export async function firstFile(project: Project, candidates: readonly string[]): Promise<string | null> {
  for (const candidate of candidates) if (await project.isFile(candidate)) return candidate;
  return null;
}
