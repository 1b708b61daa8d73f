/**
 * The schema of a structured-output reply: files → edits → oldText/newText (optional 1-based
 * lines), no unknown fields. Sent to the model server, and compiled by `npm run gen:protocol` into
 * `editSchema.validators.generated.ts` (Ajv standalone code: no schema compile at start-up and no
 * Ajv in the executable).
 */
export const EDIT_ITEM = {
  type: 'object',
  properties: {
    oldText: { type: 'string', minLength: 1 },
    newText: { type: 'string' },
    // Optional 1-based lines of oldText: a cross-check of the text, never used without it.
    startLine: { type: 'integer', minimum: 1 },
    endLine: { type: 'integer', minimum: 1 },
  },
  required: ['oldText', 'newText'],
  additionalProperties: false,
} as const;

export const EDIT_SCHEMA = {
  type: 'object',
  properties: {
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          edits: { type: 'array', items: EDIT_ITEM },
        },
        required: ['path', 'edits'],
        additionalProperties: false,
      },
    },
  },
  required: ['files'],
  additionalProperties: false,
} as const;
