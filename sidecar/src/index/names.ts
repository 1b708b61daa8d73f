/**
 * Names a proposal uses that nothing gives it, pure: identifiers in reference position on added
 * rows whose name occurs nowhere else in the file (no declaration, parameter, local, import, or
 * earlier use), that are not the language's builtins, and that no wildcard import or inherited
 * member could supply. Precision comes before recall: a finding on correct code teaches the user
 * to ignore findings, so every doubtful place (a member of a class with a supertype, a Kotlin
 * lambda's receiver, a macro's tokens, a package prefix) is left unflagged.
 */
import type { Node } from 'web-tree-sitter';
import { baseLanguage } from '../context/definitions/definitions.js';
import { BUILTINS } from './builtins.js';

export interface NameUse {
  name: string;
  /** Where it is first used on an added row. */
  row: number;
  column: number;
}

interface NameRules {
  /** Node types that are names. */
  identifiers: readonly string[];
  /** Node types that only ever declare a name (`{ url }` in a parameter's pattern): they count as occurrences, never as uses. */
  declarations?: readonly string[];
  /** Names an import brings that appear in it as something other than an identifier (Go's import paths). */
  imported?(root: Node): string[];
  /** True when the identifier uses a name (rather than declaring one, naming a member or a package). */
  isReference(node: Node, parent: Node): boolean;
  /** A reference the checker leaves alone here (an inherited member could supply it, a macro owns it). */
  doubtful?(node: Node): boolean;
  /** The file imports everything of some module: no name can be said to be missing. */
  hasWildcard(root: Node): boolean;
}

const is = (node: Node, parent: Node, field: string): boolean => parent.childForFieldName(field)?.id === node.id;
const inside = (node: Node, types: ReadonlySet<string>, stop: ReadonlySet<string>): boolean => {
  for (let p = node.parent; p; p = p.parent) {
    if (types.has(p.type)) return true;
    if (stop.has(p.type)) return false;
  }
  return false;
};
const capitalised = (name: string) => /^[A-Z]/.test(name);

const TS_PATTERNS = new Set(['object_pattern', 'array_pattern', 'rest_pattern', 'pair_pattern']);
const TS_EXPRESSION_STOP = new Set(['statement_block', 'class_body', 'arguments', 'program', 'call_expression']);
const TS_DECLARED_NAME = new Set([
  'function_declaration', 'function_expression', 'generator_function_declaration', 'generator_function', 'class_declaration', 'class', 'abstract_class_declaration',
  'interface_declaration', 'type_alias_declaration', 'enum_declaration', 'type_parameter', 'internal_module', 'module',
]);

const typescript: NameRules = {
  identifiers: ['identifier', 'type_identifier', 'shorthand_property_identifier'],
  declarations: ['shorthand_property_identifier_pattern'],
  isReference(node, parent) {
    const p = parent.type;
    if (node.type === 'shorthand_property_identifier') return p === 'object';
    if (p === 'variable_declarator' && is(node, parent, 'name')) return false;
    if (TS_DECLARED_NAME.has(p) && is(node, parent, 'name')) return false;
    if ((p === 'required_parameter' || p === 'optional_parameter') && is(node, parent, 'pattern')) return false;
    if (p === 'formal_parameters' || (p === 'arrow_function' && is(node, parent, 'parameter')) || (p === 'catch_clause' && is(node, parent, 'parameter'))) return false;
    if (p === 'assignment_pattern' && is(node, parent, 'left')) return false;
    if (p === 'for_in_statement' && is(node, parent, 'left')) return false;
    if (/^(import|export|namespace_import|namespace_export)/.test(p) || p === 'import_clause') return false;
    if (p === 'labeled_statement' || p === 'mapped_type_clause' || p === 'infer_type') return false;
    if (p === 'nested_identifier' || p === 'nested_type_identifier') return is(node, parent, 'module') && parent.parent?.type !== 'nested_identifier';
    // <div> is an element, <Form> a component the file must have.
    if ((p === 'jsx_opening_element' || p === 'jsx_self_closing_element' || p === 'jsx_closing_element') && !capitalised(node.text)) return false;
    if (inside(node, TS_PATTERNS, TS_EXPRESSION_STOP)) return false;
    return true;
  },
  // A type the workspace does not declare is more likely a global of a lib file than an invented one: types are left to the import fix.
  doubtful: (node) => node.type === 'type_identifier',
  hasWildcard: () => false,
};

const PY_BINDING_PARENT = new Set(['parameters', 'lambda_parameters', 'list_splat_pattern', 'dictionary_splat_pattern', 'pattern_list', 'tuple_pattern', 'list_pattern', 'as_pattern_target', 'global_statement', 'nonlocal_statement', 'dotted_name', 'aliased_import', 'type_parameter']);
const PY_PATTERNS = new Set(['case_pattern', 'keyword_pattern', 'as_pattern_target', 'pattern_list', 'tuple_pattern', 'list_pattern']);
const PY_STOP = new Set(['block', 'module', 'call', 'argument_list', 'case_clause']);

const python: NameRules = {
  identifiers: ['identifier'],
  isReference(node, parent) {
    const p = parent.type;
    if (p === 'attribute') return is(node, parent, 'object');
    if (p === 'keyword_argument' && is(node, parent, 'name')) return false;
    if ((p === 'function_definition' || p === 'class_definition') && is(node, parent, 'name')) return false;
    if ((p === 'default_parameter' || p === 'typed_default_parameter') && is(node, parent, 'name')) return false;
    if (p === 'typed_parameter' && node.id === parent.namedChildren[0]?.id) return false;
    if ((p === 'assignment' || p === 'augmented_assignment') && is(node, parent, 'left')) return false;
    if ((p === 'for_statement' || p === 'for_in_clause') && is(node, parent, 'left')) return false;
    if (p === 'named_expression' && is(node, parent, 'name')) return false;
    if (PY_BINDING_PARENT.has(p)) return false;
    if (inside(node, PY_PATTERNS, PY_STOP)) return false;
    return true;
  },
  // A dunder (`__name__`, `__file__`) is the module's own.
  doubtful: (node) => node.text.startsWith('__'),
  hasWildcard: (root) => root.namedChildren.some((s) => s.type === 'import_from_statement' && s.namedChildren.some((c) => c.type === 'wildcard_import')),
};

const JAVA_DECLARED = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration', 'method_declaration', 'constructor_declaration', 'enum_constant', 'variable_declarator', 'formal_parameter', 'catch_formal_parameter', 'enhanced_for_statement', 'resource', 'spread_parameter', 'compact_constructor_declaration']);
const JAVA_CLASSES = new Set(['class_declaration', 'enum_declaration', 'record_declaration', 'interface_declaration', 'object_creation_expression']);

/** A class, up from `node`, that has a supertype (whose members the file cannot see), or an anonymous class body. */
function inheritsIn(node: Node, classes: ReadonlySet<string>, supertypes: (cls: Node) => boolean): boolean {
  for (let p = node.parent; p; p = p.parent) if (classes.has(p.type) && supertypes(p)) return true;
  return false;
}

const java: NameRules = {
  identifiers: ['identifier', 'type_identifier'],
  isReference(node, parent) {
    const p = parent.type;
    if (JAVA_DECLARED.has(p) && (is(node, parent, 'name') || p === 'enhanced_for_statement')) return false;
    if (p === 'field_access') return is(node, parent, 'object') && capitalised(node.text);
    if (p === 'method_invocation') return is(node, parent, 'object') || (is(node, parent, 'name') && !parent.childForFieldName('object'));
    if (p === 'inferred_parameters' || p === 'lambda_expression' || p === 'type_parameter' || p === 'labeled_statement') return false;
    if (p === 'scoped_identifier' || p === 'scoped_type_identifier' || p === 'import_declaration' || p === 'package_declaration') return false;
    // `Person::name`: the method is a member.
    if (p === 'method_reference') return node.id === parent.namedChildren[0]?.id;
    if (p === 'element_value_pair' && is(node, parent, 'key')) return false;
    if (p === 'break_statement' || p === 'continue_statement') return false;
    // `case EOF:` names a constant of the switched enum.
    if (p === 'switch_label') return false;
    return true;
  },
  // A bare method or field name may be inherited from a supertype the file cannot see.
  doubtful: (node) => !capitalised(node.text) && inheritsIn(node, JAVA_CLASSES, (cls) => cls.type === 'object_creation_expression' ? cls.namedChildren.some((c) => c.type === 'class_body') : cls.namedChildren.some((c) => c.type === 'superclass' || c.type === 'super_interfaces' || c.type === 'extends_interfaces')),
  hasWildcard: (root) => root.namedChildren.some((s) => s.type === 'import_declaration' && s.namedChildren.some((c) => c.type === 'asterisk')),
};

const KOTLIN_DECLARED = new Set(['class_declaration', 'object_declaration', 'function_declaration', 'class_parameter', 'parameter', 'variable_declaration', 'type_alias', 'type_parameter', 'enum_entry', 'secondary_constructor', 'catch_block', 'companion_object']);
const KOTLIN_STOP = new Set(['source_file', 'import', 'package_header']);

const kotlin: NameRules = {
  identifiers: ['identifier'],
  isReference(node, parent) {
    const p = parent.type;
    if (KOTLIN_DECLARED.has(p) && node.id === parent.namedChildren.find((c) => c.type === 'identifier')?.id) return false;
    if (p === 'navigation_expression') return node.id === parent.namedChildren[0]?.id && capitalised(node.text);
    if (p === 'qualified_identifier' || p === 'import' || p === 'package_header' || p === 'label' || p === 'this_expression' || p === 'super_expression') return false;
    if (p === 'value_argument' && parent.namedChildCount > 1 && node.id === parent.namedChildren[0]?.id) return false;
    // `1L shl n`: an infix call names a member function.
    if (p === 'infix_expression' && node.id !== parent.namedChildren[0]?.id && node.id !== parent.namedChildren.at(-1)?.id) return false;
    if (p === 'callable_reference' && node.id !== parent.namedChildren[0]?.id) return false;
    if (inside(node, new Set(['lambda_parameters', 'multi_variable_declaration', 'import', 'package_header']), KOTLIN_STOP)) return false;
    return true;
  },
  // Inside a lambda a bare name may be a member of its receiver (`buildString { append(x) }`); in a class with supertypes, an inherited one.
  doubtful: (node) =>
    !capitalised(node.text) &&
    (inside(node, new Set(['lambda_literal', 'annotated_lambda']), new Set(['source_file'])) ||
      inheritsIn(node, new Set(['class_declaration', 'object_declaration', 'object_literal', 'companion_object']), (cls) => cls.namedChildren.some((c) => c.type === 'delegation_specifiers'))),
  hasWildcard: (root) => root.namedChildren.some((s) => s.type === 'import' && /\.\*\s*$/.test(s.text)),
};

const GO_BINDING_PARENT = new Set(['parameter_declaration', 'variadic_parameter_declaration', 'var_spec', 'const_spec', 'type_spec', 'type_alias', 'function_declaration', 'method_declaration', 'import_spec', 'package_clause', 'labeled_statement', 'type_parameter_declaration', 'field_declaration']);

const go: NameRules = {
  identifiers: ['identifier', 'type_identifier', 'package_identifier'],
  imported: (root) => root.descendantsOfType('import_spec').flatMap((spec) => (spec.childForFieldName('name') ? [] : goPackageNames(spec.childForFieldName('path')?.text ?? ''))),
  isReference(node, parent) {
    const p = parent.type;
    if (GO_BINDING_PARENT.has(p) && p !== 'var_spec' && p !== 'const_spec') return false;
    if ((p === 'var_spec' || p === 'const_spec') && parent.childrenForFieldName('name').some((n) => n.id === node.id)) return false;
    if (p === 'expression_list' && (parent.parent?.type === 'short_var_declaration' || parent.parent?.type === 'range_clause') && is(parent, parent.parent, 'left')) return false;
    if (p === 'range_clause' && is(node, parent, 'left')) return false;
    // `T{Name: v}`: a field name, not a variable.
    if (p === 'literal_element' && parent.parent?.type === 'keyed_element' && parent.id === parent.parent.namedChildren[0]?.id) return false;
    if (p === 'break_statement' || p === 'continue_statement' || p === 'goto_statement') return false;
    // `context.Context`: the type is a member of the package.
    if (p === 'qualified_type') return is(node, parent, 'package');
    return true;
  },
  hasWildcard: (root) => root.descendantsOfType('import_spec').some((s) => s.childForFieldName('name')?.text === '.'),
};

const RUST_PATTERN_HOLDERS = new Set(['let_declaration', 'parameter', 'closure_parameters', 'match_pattern', 'for_expression', 'let_condition', 'tuple_struct_pattern', 'struct_pattern', 'tuple_pattern', 'slice_pattern', 'ref_pattern', 'mut_pattern', 'captured_pattern', 'or_pattern', 'field_pattern']);
const RUST_DECLARED = new Set(['function_item', 'function_signature_item', 'struct_item', 'enum_item', 'union_item', 'trait_item', 'type_item', 'const_item', 'static_item', 'mod_item', 'macro_definition', 'enum_variant', 'type_parameters', 'constrained_type_parameter', 'associated_type', 'label']);

const rust: NameRules = {
  identifiers: ['identifier', 'type_identifier'],
  declarations: ['shorthand_field_identifier'],
  isReference(node, parent) {
    const p = parent.type;
    if (RUST_DECLARED.has(p) && (is(node, parent, 'name') || p === 'type_parameters' || p === 'label')) return false;
    if (p === 'lifetime' || (p === 'constrained_type_parameter' && is(node, parent, 'left')) || p === 'type_parameter') return false;
    if (p === 'scoped_identifier' || p === 'scoped_type_identifier') return is(node, parent, 'path') && capitalised(node.text);
    if (p === 'macro_invocation' || p === 'use_declaration' || p === 'token_tree' || p === 'attribute' || p === 'meta_item') return false;
    if (inside(node, new Set(['use_declaration', 'token_tree', 'attribute_item', 'inner_attribute_item', 'scoped_use_list', 'use_list', 'use_as_clause']), new Set(['source_file']))) return false;
    if (p === 'let_declaration' && is(node, parent, 'pattern')) return false;
    if (p === 'parameter' && is(node, parent, 'pattern')) return false;
    if (p === 'for_expression' && is(node, parent, 'pattern')) return false;
    if (p === 'closure_parameters') return false;
    // In a pattern a lowercase name binds; a capitalised one names a variant or constant.
    if (RUST_PATTERN_HOLDERS.has(p) && !capitalised(node.text) && p !== 'let_declaration' && p !== 'for_expression' && p !== 'parameter') return false;
    if (p === 'field_pattern' || p === 'shorthand_field_identifier') return false;
    return true;
  },
  // `use Kind::*;` inside a function counts too.
  hasWildcard: (root) => root.descendantsOfType('use_wildcard').length > 0,
};

/**
 * The names a Go import path may bind: its last element, without a major-version suffix and the
 * usual `go-` / `-go` affixes (`gopkg.in/yaml.v3` → yaml, `github.com/a/go-redis` → redis).
 */
export function goPackageNames(path: string): string[] {
  const last = path.replace(/^["`]|["`]$/g, '').split('/').filter((part) => !/^v\d+$/.test(part)).at(-1) ?? '';
  const base = last.replace(/\.v\d+$/, '');
  return [...new Set([base, base.replace(/^go-/, '').replace(/-go$/, ''), base.replace(/[-.]/g, ''), base.replace(/^go-|-go$/g, '').replace(/[-.]/g, '_')])];
}

const RULES: Readonly<Record<string, NameRules>> = { typescript, python, java, kotlin, go, rust };

/** The rules a languageId follows, or null. */
function rulesOf(languageId: string): NameRules | null {
  const base = baseLanguage(languageId);
  return base ? RULES[base] : null;
}

export function hasNameRules(languageId: string): boolean {
  return rulesOf(languageId) !== null;
}

/** Every name the file mentions (identifiers of any kind): what an original file is known to have. */
export function namesIn(languageId: string, root: Node): Set<string> {
  const rules = rulesOf(languageId);
  if (!rules) return new Set();
  return new Set(root.descendantsOfType([...rules.identifiers, ...(rules.declarations ?? [])]).map((n) => n.text));
}

/**
 * The names used on `addedRows` that the file gives no other occurrence of, first use each, in
 * order; empty for a language without rules or a file with a wildcard import. `known`: names the
 * original file had (a name the code used before the edit is not the proposal's invention).
 */
export function unknownNames(languageId: string, root: Node, addedRows: ReadonlySet<number>, known: ReadonlySet<string> = new Set()): NameUse[] {
  const rules = rulesOf(languageId);
  if (!rules || addedRows.size === 0 || rules.hasWildcard(root)) return [];
  const builtins = BUILTINS[baseLanguage(languageId)!];
  const elsewhere = new Set<string>([...known, ...(rules.imported?.(root) ?? [])]);
  for (const node of rules.declarations ? root.descendantsOfType([...rules.declarations]) : []) elsewhere.add(node.text);
  const uses: Array<NameUse & { node: Node }> = [];
  for (const node of root.descendantsOfType([...rules.identifiers])) {
    const name = node.text;
    const parent = node.parent;
    const used = parent && addedRows.has(node.startPosition.row) && rules.isReference(node, parent);
    if (used) uses.push({ name, row: node.startPosition.row, column: node.startPosition.column, node });
    else elsewhere.add(name);
  }
  const seen = new Set<string>();
  const out: NameUse[] = [];
  for (const { node, ...use } of uses) {
    if (seen.has(use.name) || elsewhere.has(use.name) || builtins.has(use.name) || use.name.length === 0) continue;
    seen.add(use.name);
    if (node.hasError || node.parent?.type === 'ERROR' || rules.doubtful?.(node)) continue;
    out.push(use);
  }
  return out;
}
