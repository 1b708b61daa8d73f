/**
 * What each grammar's nodes declare, for placing a snippet by structure (node types from each
 * grammar's node-types.json). A declaration has a family — imports, the package line, types (which
 * may hold members: classes, impl blocks, traits, objects), values (functions, methods, fields,
 * constants) — and a name; two declarations with the same family and name at the same place are
 * counterparts. Tests are declarations too: a test runner's call with a string name (`describe`,
 * `it`, `test`, Go's `t.Run`), known by that name, a group holding its tests. Every other node is a
 * statement, known by its first line.
 */
import type { Node } from 'web-tree-sitter';

export type Family = 'import' | 'package' | 'type' | 'value' | 'docstring';

export interface Declared {
  family: Family;
  name: string;
  /** What the user calls it, when not its name (a test's description). */
  label?: string;
  /** A test or a group of tests (`describe`, `it`, Go's `t.Run` and the test functions that hold them). */
  suite?: boolean;
  /** The parameter list, normalised, to tell overloads apart. */
  signature?: string;
  /** Names an import brings in; `source` is what it imports them from. */
  names?: string[];
  /** The node holding the members of a type that has them (a class body), or null. */
  body?: Node | null;
  /** The body holds imports (a Go import block): a snippet never removes one. */
  imports?: boolean;
}

export interface OutlineRules {
  comments: ReadonlySet<string>;
  /** Nodes that belong to the declaration after them (decorators, attributes). */
  attachments: ReadonlySet<string>;
  declaration(node: Node): Declared | null;
  /** Lines around a run of member lines that do not parse at the top level (a TypeScript method). */
  memberWrapper: { open: string; close: string } | null;
  /** An elision line becomes this before parsing, so that it parses wherever it stands. */
  placeholder(indent: string): string;
}

const set = (...types: string[]): ReadonlySet<string> => new Set(types);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const nameOf = (node: Node | null | undefined) => node?.childForFieldName('name')?.text ?? null;
const named = (family: Family, name: string | null, extra: Partial<Declared> = {}): Declared | null => (name === null ? null : { family, name, ...extra });
const signatureOf = (node: Node, field = 'parameters') => {
  const params = node.childForFieldName(field);
  return params ? squash(params.text) : undefined;
};
const unquote = (text: string) => text.replace(/^['"`]|['"`]$/g, '');
/** Comma-separated names, aliases resolved to the name bound (`a as b` → b). */
const list = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim().split(/(?:^|\s+)as\s+/).pop()!.trim())
    .filter((n) => n !== '');

function scriptImport(node: Node): Declared {
  const source = unquote(node.childForFieldName('source')?.text ?? node.text);
  const clause = /^import\s+(?:type\s+)?(.*?)\s+from\s/s.exec(node.text)?.[1] ?? '';
  const names = list(clause.replace(/[{}*]/g, ','));
  return { family: 'import', name: source, names };
}

/** Test calls, by the name they are known by: `it`, `test` and their variants are one kind, groups another. */
const TEST_CALLS: Readonly<Record<string, 'test' | 'describe' | 'bench'>> = {
  it: 'test',
  test: 'test',
  specify: 'test',
  fit: 'test',
  xit: 'test',
  describe: 'describe',
  context: 'describe',
  suite: 'describe',
  fdescribe: 'describe',
  xdescribe: 'describe',
  bench: 'bench',
};

/**
 * A test runner's call with a string name (`describe("parse", () => …)`, `it.each(rows)("reads %s",
 * …)`, `test.only(…)`): a test or a group of tests, known by its name. A group's callback body holds
 * its members.
 */
function testCall(node: Node): Declared | null {
  const call = node.namedChildren[0];
  if (call?.type !== 'call_expression') return null;
  let callee = call.childForFieldName('function');
  while (callee && callee.type !== 'identifier') callee = callee.type === 'member_expression' ? callee.childForFieldName('object') : callee.type === 'call_expression' ? callee.childForFieldName('function') : null;
  const kind = callee ? TEST_CALLS[callee.text] : undefined;
  const args = call.childForFieldName('arguments')?.namedChildren.filter((a): a is Node => a !== null) ?? [];
  if (!kind || (args[0]?.type !== 'string' && args[0]?.type !== 'template_string')) return null;
  const label = args[0].text.slice(1, -1);
  const callback = args.find((a) => a.type === 'arrow_function' || a.type === 'function_expression' || a.type === 'function');
  const body = kind === 'describe' ? (callback?.childForFieldName('body') ?? null) : null;
  return { family: 'value', name: `${kind} ${label}`, label, suite: true, body: body?.type === 'statement_block' ? body : null };
}

function scriptDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'expression_statement':
      return testCall(node);
    case 'export_statement': {
      const inner = node.childForFieldName('declaration') ?? node.namedChildren.find((c) => c && /declaration|class|function/.test(c.type)) ?? null;
      return inner ? scriptDeclaration(inner) : null;
    }
    case 'import_statement':
      return scriptImport(node);
    case 'function_declaration':
    case 'generator_function_declaration':
      return named('value', nameOf(node), { signature: signatureOf(node) });
    case 'function_signature':
      // An overload's signature, told from the implementation it stands above.
      return named('value', `signature ${nameOf(node) ?? ''}`, { signature: signatureOf(node) });
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class':
      return named('type', nameOf(node), { body: node.childForFieldName('body') });
    case 'interface_declaration':
    case 'type_alias_declaration':
    case 'enum_declaration':
    case 'internal_module':
    case 'module':
      return named('type', nameOf(node));
    case 'lexical_declaration':
    case 'variable_declaration':
      return named('value', nameOf(node.namedChildren.find((c) => c?.type === 'variable_declarator')));
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature': {
      const accessor = /^(?:(?:static|async|public|private|protected|override|readonly)\s+)*(get|set)\s/.exec(node.text)?.[1];
      const name = nameOf(node);
      const kind = node.type === 'method_signature' ? 'signature ' : accessor ? `${accessor} ` : '';
      return named('value', name === null ? null : `${kind}${name}`, { signature: signatureOf(node) });
    }
    case 'public_field_definition':
    case 'field_definition':
      return named('value', node.childForFieldName('name')?.text ?? node.childForFieldName('property')?.text ?? null);
    case 'ambient_declaration': {
      const inner = node.namedChildren.find((c) => c !== null);
      return inner ? scriptDeclaration(inner) : null;
    }
    default:
      return null;
  }
}

const SCRIPT: OutlineRules = {
  comments: set('comment'),
  attachments: set('decorator'),
  declaration: scriptDeclaration,
  memberWrapper: { open: 'class __Snippet__ {', close: '}' },
  placeholder: (indent) => `${indent}// ...`,
};

function pythonDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'import_statement':
      return { family: 'import', name: `import ${squash(node.text.replace(/^import\s+/, ''))}`, names: list(node.text.replace(/^import\s+/, '')).map((n) => n.split('.')[0]) };
    case 'import_from_statement':
    case 'future_import_statement': {
      const m = /^from\s+(\S+)\s+import\s+\(?([^)]*)\)?/s.exec(node.text);
      return { family: 'import', name: `from ${m?.[1] ?? node.text}`, names: list(m?.[2] ?? '') };
    }
    case 'decorated_definition': {
      const inner = node.childForFieldName('definition');
      return inner ? pythonDeclaration(inner) : null;
    }
    case 'function_definition':
      return named('value', nameOf(node), { signature: signatureOf(node) });
    case 'class_definition':
      return named('type', nameOf(node), { body: node.childForFieldName('body') });
    case 'type_alias_statement':
      return named('type', node.namedChildren[0]?.text ?? null);
    case 'expression_statement': {
      const first = node.namedChildren[0];
      if (first?.type === 'assignment') return named('value', first.childForFieldName('left')?.text ?? null);
      if (first?.type === 'string') return { family: 'docstring', name: '' };
      return null;
    }
    default:
      return null;
  }
}

const PYTHON: OutlineRules = {
  comments: set('comment'),
  attachments: set(),
  declaration: pythonDeclaration,
  memberWrapper: null,
  // A comment alone cannot be a body in Python; an ellipsis can stand anywhere a statement can.
  placeholder: (indent) => `${indent}...`,
};

function javaDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'package_declaration':
      return { family: 'package', name: '' };
    case 'import_declaration': {
      const path = squash(node.text.replace(/^import\s+/, '').replace(/;\s*$/, ''));
      return { family: 'import', name: path, names: [path.split('.').pop()!] };
    }
    case 'class_declaration':
    case 'interface_declaration':
    case 'record_declaration':
    case 'annotation_type_declaration':
      return named('type', nameOf(node), { body: node.childForFieldName('body') });
    case 'enum_declaration':
      return named('type', nameOf(node));
    case 'method_declaration':
      return named('value', nameOf(node), { signature: javaParameterTypes(node) });
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      return named('value', `constructor ${nameOf(node) ?? ''}`, { signature: javaParameterTypes(node) });
    case 'field_declaration':
    case 'constant_declaration':
      return named('value', nameOf(node.childForFieldName('declarator')));
    default:
      return null;
  }
}

/** Parameter types only: an overload is told by them, not by the parameters' names. */
function javaParameterTypes(node: Node): string | undefined {
  const params = node.childForFieldName('parameters');
  if (!params) return undefined;
  return params.namedChildren
    .filter((p): p is Node => p !== null && /parameter/.test(p.type))
    .map((p) => squash(p.childForFieldName('type')?.text ?? p.text))
    .join(',');
}

const JAVA: OutlineRules = {
  comments: set('line_comment', 'block_comment'),
  attachments: set(),
  declaration: javaDeclaration,
  memberWrapper: { open: 'class __Snippet__ {', close: '}' },
  placeholder: (indent) => `${indent}// ...`,
};

function kotlinDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'package_header':
      return { family: 'package', name: '' };
    case 'import': {
      const path = squash(node.text.replace(/^import\s+/, ''));
      return { family: 'import', name: path, names: [path.split(/\s+as\s+|\./).pop()!] };
    }
    case 'class_declaration':
    case 'object_declaration':
    case 'companion_object':
      return named('type', nameOf(node) ?? (node.type === 'companion_object' ? 'companion' : null), {
        body: node.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'enum_class_body') ?? null,
      });
    case 'type_alias':
      return named('type', node.namedChildren.find((c) => c?.type === 'identifier')?.text ?? null);
    case 'function_declaration':
      return named('value', nameOf(node), { signature: squash(node.namedChildren.find((c) => c?.type === 'function_value_parameters')?.text ?? '') });
    case 'property_declaration': {
      const variable = node.namedChildren.find((c) => c?.type === 'variable_declaration' || c?.type === 'multi_variable_declaration');
      return named('value', variable?.namedChildren.find((c) => c?.type === 'identifier')?.text ?? variable?.text ?? null);
    }
    default:
      return null;
  }
}

const KOTLIN: OutlineRules = {
  comments: set('line_comment', 'block_comment'),
  attachments: set(),
  declaration: kotlinDeclaration,
  memberWrapper: { open: 'class __Snippet__ {', close: '}' },
  placeholder: (indent) => `${indent}// ...`,
};

function goDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'package_clause':
      return { family: 'package', name: '' };
    case 'import_declaration': {
      const block = node.namedChildren.find((c) => c?.type === 'import_spec_list');
      if (block) return { family: 'import', name: '(block)', body: block, imports: true };
      const spec = node.namedChildren.find((c) => c?.type === 'import_spec');
      return spec ? goDeclaration(spec) : null;
    }
    case 'import_spec': {
      const path = unquote(node.childForFieldName('path')?.text ?? node.text);
      return { family: 'import', name: path, names: [nameOf(node) ?? path.split('/').pop()!] };
    }
    case 'function_declaration': {
      // A test function that runs subtests holds them as members.
      const body = node.childForFieldName('body');
      const subtests = body !== null && goStatements(body).some((st) => goSubtest(st) !== null);
      return named('value', nameOf(node), { signature: signatureOf(node), ...(subtests ? { body, suite: true } : {}) });
    }
    case 'expression_statement':
      return goSubtest(node);
    case 'method_declaration': {
      const receiver = node.childForFieldName('receiver')?.text.replace(/[()*]/g, ' ').trim().split(/\s+/).pop() ?? '';
      return named('value', `${receiver}.${nameOf(node) ?? ''}`, { signature: signatureOf(node) });
    }
    case 'type_declaration':
      return named('type', nameOf(node.namedChildren.find((c) => c?.type === 'type_spec' || c?.type === 'type_alias')));
    case 'const_declaration':
    case 'var_declaration':
      return named('value', nameOf(node.namedChildren.find((c) => c?.type === 'const_spec' || c?.type === 'var_spec')));
    default:
      return null;
  }
}

/** The statements of a Go block. */
function goStatements(block: Node): Node[] {
  return block.namedChildren.flatMap((c) => (c === null ? [] : c.type === 'statement_list' ? c.namedChildren.filter((s): s is Node => s !== null) : [c]));
}

/** `t.Run("name", func(t *testing.T) { … })`: a subtest, known by its name; one that runs subtests holds them. */
function goSubtest(node: Node): Declared | null {
  const call = node.namedChildren[0];
  const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (callee?.type !== 'selector_expression' || callee.childForFieldName('field')?.text !== 'Run') return null;
  const args = call!.childForFieldName('arguments')?.namedChildren.filter((a): a is Node => a !== null) ?? [];
  if (args[0]?.type !== 'interpreted_string_literal' && args[0]?.type !== 'raw_string_literal') return null;
  const label = args[0].text.slice(1, -1);
  const body = args[1]?.type === 'func_literal' ? args[1].childForFieldName('body') : null;
  const subtests = body !== null && goStatements(body).some((st) => goSubtest(st) !== null);
  return { family: 'value', name: `test ${label}`, label, suite: true, body: subtests ? body : null };
}

const GO: OutlineRules = {
  comments: set('comment'),
  attachments: set(),
  declaration: goDeclaration,
  memberWrapper: null,
  placeholder: (indent) => `${indent}// ...`,
};

function rustDeclaration(node: Node): Declared | null {
  switch (node.type) {
    case 'use_declaration': {
      const path = squash(node.childForFieldName('argument')?.text ?? node.text);
      const braces = /^(.*)::\{(.*)\}$/s.exec(path);
      const cut = path.lastIndexOf('::');
      return braces ? { family: 'import', name: braces[1], names: list(braces[2]) } : { family: 'import', name: cut < 0 ? path : path.slice(0, cut), names: list(cut < 0 ? path : path.slice(cut + 2)) };
    }
    case 'extern_crate_declaration':
      return { family: 'import', name: squash(node.text), names: [] };
    case 'function_item':
    case 'function_signature_item':
      return named('value', nameOf(node), { signature: signatureOf(node) });
    case 'struct_item':
    case 'enum_item':
    case 'union_item':
    case 'type_item':
      return named('type', nameOf(node));
    case 'trait_item':
      return named('type', `trait ${nameOf(node) ?? ''}`, { body: node.childForFieldName('body') });
    case 'impl_item': {
      const trait = node.childForFieldName('trait');
      return named('type', `impl ${trait ? `${squash(trait.text)} for ` : ''}${squash(node.childForFieldName('type')?.text ?? '')}`, { body: node.childForFieldName('body') });
    }
    case 'mod_item':
      return named('type', `mod ${nameOf(node) ?? ''}`, { body: node.childForFieldName('body') });
    case 'const_item':
    case 'static_item':
    case 'macro_definition':
      return named('value', nameOf(node));
    default:
      return null;
  }
}

const RUST: OutlineRules = {
  comments: set('line_comment', 'block_comment'),
  attachments: set('attribute_item'),
  declaration: rustDeclaration,
  memberWrapper: { open: 'impl __Snippet__ {', close: '}' },
  placeholder: (indent) => `${indent}// ...`,
};

const RULES: Readonly<Record<string, OutlineRules>> = {
  typescript: SCRIPT,
  typescriptreact: SCRIPT,
  javascript: SCRIPT,
  javascriptreact: SCRIPT,
  python: PYTHON,
  java: JAVA,
  kotlin: KOTLIN,
  go: GO,
  rust: RUST,
};

/** The rules for a languageId with a grammar, or null. */
export function outlineRules(languageId: string): OutlineRules | null {
  return Object.hasOwn(RULES, languageId) ? RULES[languageId] : null;
}
