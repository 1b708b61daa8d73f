/**
 * Per-grammar node-type tables for scope resolution (names from each grammar's node-types.json).
 * A node is a "scope" when its type is a function or statement type, or when it is a direct child of
 * a block type: that covers grammars where statements are plain expressions (Kotlin, Rust tail
 * expressions) without listing every expression type.
 */
export interface ScopeRules {
  /** Functions, methods, lambdas: preferred for a caret in blank space inside their body. */
  readonly functions: ReadonlySet<string>;
  /** Statements and declarations, including class members. */
  readonly statements: ReadonlySet<string>;
  /** Containers whose named children are statements whatever their type. */
  readonly blocks: ReadonlySet<string>;
  /** Children of a block that are not statements. */
  readonly notStatements: ReadonlySet<string>;
  readonly comments: ReadonlySet<string>;
  /** Non-comment siblings that belong to the next declaration (decorators, attributes). */
  readonly decorations: ReadonlySet<string>;
  /** Parents that add nothing but a prefix to their child (export, decorators). */
  readonly wrappers: ReadonlySet<string>;
}

const set = (...types: string[]): ReadonlySet<string> => new Set(types);
const NONE = set();

const TS_JS: ScopeRules = {
  functions: set('function_declaration', 'generator_function_declaration', 'function_expression',
    'generator_function', 'arrow_function', 'method_definition'),
  statements: set(
    'break_statement', 'continue_statement', 'debugger_statement', 'do_statement', 'export_statement',
    'expression_statement', 'for_in_statement', 'for_statement', 'if_statement', 'import_statement',
    'labeled_statement', 'return_statement', 'switch_statement', 'throw_statement', 'try_statement',
    'while_statement', 'with_statement', 'switch_case', 'switch_default',
    'abstract_class_declaration', 'ambient_declaration', 'class_declaration', 'enum_declaration',
    'function_declaration', 'function_signature', 'generator_function_declaration', 'import_alias',
    'interface_declaration', 'internal_module', 'module', 'type_alias_declaration',
    'variable_declaration', 'lexical_declaration',
    'method_definition', 'public_field_definition', 'field_definition', 'abstract_method_signature',
    'method_signature', 'property_signature', 'class_static_block'),
  blocks: NONE,
  notStatements: NONE,
  comments: set('comment'),
  decorations: set('decorator'),
  wrappers: set('export_statement'),
};

const PYTHON: ScopeRules = {
  functions: set('function_definition'),
  statements: set(
    'class_definition', 'decorated_definition', 'for_statement', 'function_definition', 'if_statement',
    'match_statement', 'try_statement', 'while_statement', 'with_statement',
    'assert_statement', 'break_statement', 'continue_statement', 'delete_statement', 'exec_statement',
    'expression_statement', 'future_import_statement', 'global_statement', 'import_from_statement',
    'import_statement', 'nonlocal_statement', 'pass_statement', 'print_statement', 'raise_statement',
    'return_statement', 'type_alias_statement', 'case_clause'),
  blocks: NONE,
  notStatements: NONE,
  comments: set('comment'),
  decorations: NONE,
  wrappers: set('decorated_definition'),
};

const JAVA: ScopeRules = {
  functions: set('method_declaration', 'constructor_declaration', 'compact_constructor_declaration',
    'lambda_expression', 'static_initializer'),
  statements: set(
    'assert_statement', 'break_statement', 'continue_statement', 'do_statement',
    'enhanced_for_statement', 'expression_statement', 'for_statement', 'if_statement',
    'labeled_statement', 'local_variable_declaration', 'return_statement', 'synchronized_statement',
    'throw_statement', 'try_statement', 'try_with_resources_statement', 'while_statement',
    'yield_statement', 'switch_block_statement_group', 'switch_rule',
    'annotation_type_declaration', 'class_declaration', 'enum_declaration', 'import_declaration',
    'interface_declaration', 'module_declaration', 'package_declaration', 'record_declaration',
    'method_declaration', 'constructor_declaration', 'compact_constructor_declaration',
    'field_declaration', 'constant_declaration', 'static_initializer',
    'annotation_type_element_declaration'),
  // A switch statement is a `switch_expression` directly inside a block.
  blocks: set('block', 'constructor_body'),
  notStatements: NONE,
  comments: set('line_comment', 'block_comment'),
  decorations: NONE,
  wrappers: NONE,
};

const KOTLIN: ScopeRules = {
  functions: set('function_declaration', 'anonymous_function', 'lambda_literal', 'secondary_constructor',
    'anonymous_initializer'),
  statements: set(
    'class_declaration', 'object_declaration', 'property_declaration', 'type_alias',
    'function_declaration', 'secondary_constructor', 'anonymous_initializer', 'companion_object',
    'for_statement', 'while_statement', 'do_while_statement', 'assignment', 'when_entry',
    'package_header', 'import', 'enum_entry'),
  // Kotlin statements are bare expressions inside blocks and lambdas.
  blocks: set('block', 'lambda_literal', 'source_file'),
  notStatements: set('lambda_parameters'),
  comments: set('line_comment', 'block_comment'),
  decorations: NONE,
  wrappers: NONE,
};

const GO: ScopeRules = {
  functions: set('function_declaration', 'method_declaration', 'func_literal'),
  statements: set(
    'assignment_statement', 'dec_statement', 'expression_statement', 'inc_statement',
    'send_statement', 'short_var_declaration', 'break_statement', 'const_declaration',
    'continue_statement', 'defer_statement', 'expression_switch_statement', 'fallthrough_statement',
    'for_statement', 'go_statement', 'goto_statement', 'if_statement', 'labeled_statement',
    'return_statement', 'select_statement', 'type_declaration', 'type_switch_statement',
    'var_declaration', 'expression_case', 'default_case', 'type_case', 'communication_case',
    'function_declaration', 'method_declaration', 'import_declaration', 'package_clause',
    'field_declaration', 'method_elem'),
  blocks: NONE,
  notStatements: NONE,
  comments: set('comment'),
  decorations: NONE,
  wrappers: NONE,
};

const RUST: ScopeRules = {
  functions: set('function_item', 'closure_expression'),
  statements: set(
    'associated_type', 'const_item', 'enum_item', 'extern_crate_declaration', 'foreign_mod_item',
    'function_item', 'function_signature_item', 'impl_item', 'let_declaration', 'macro_definition',
    'mod_item', 'static_item', 'struct_item', 'trait_item', 'type_item', 'union_item',
    'use_declaration', 'expression_statement', 'match_arm', 'field_declaration', 'enum_variant'),
  // The tail expression of a block is a statement without a `;`.
  blocks: set('block'),
  notStatements: NONE,
  comments: set('line_comment', 'block_comment'),
  decorations: set('attribute_item'),
  wrappers: NONE,
};

const RULES: Readonly<Record<string, ScopeRules>> = {
  typescript: TS_JS,
  typescriptreact: TS_JS,
  javascript: TS_JS,
  javascriptreact: TS_JS,
  python: PYTHON,
  java: JAVA,
  kotlin: KOTLIN,
  go: GO,
  rust: RUST,
};

export function scopeRulesFor(languageId: string): ScopeRules | null {
  return RULES[languageId] ?? null;
}
