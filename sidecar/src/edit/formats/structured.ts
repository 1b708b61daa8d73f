/**
 * Structured output: the reply is JSON under EDIT_SCHEMA (files → edits → oldText/newText, no
 * unknown fields), which the model server enforces while decoding (Ollama's `format`, the
 * OpenAI-compatible `response_format` of llama.cpp and vLLM). The schema checks the reply's form,
 * not its meaning: every edit is still located and validated like any other.
 *
 * The JSON is parsed as it streams (@streamparser/json), so each edit is shown as soon as its object
 * closes and it passes the edit schema; the whole reply is validated against EDIT_SCHEMA
 * (`editSchema.ts`, checked by Ajv's generated code) when it ends, and a reply that fails is refused
 * as a whole.
 */
import { JSONParser } from '@streamparser/json';
import type { ErrorObject } from 'ajv';
import type { ContextInput, PlannedRequest, ResponseSchema } from '../prompt.js';
import { dropThinking } from '../extract.js';
import { EDIT_SCHEMA } from './editSchema.js';
import * as generated from './editSchema.validators.generated.js';
import { filePrompt, type EditReader, type FilePromptInput, type ProposedEdit, type ReadResult } from './format.js';

export const EDIT_RESPONSE_SCHEMA: ResponseSchema = { name: 'code_edits', schema: EDIT_SCHEMA };

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const validateReply = generated.validateReply as Validator;
const validateEdit = generated.validateEdit as Validator;


const SYSTEM_PROMPT = [
  'You are editing a file inside a code editor.',
  'Reply with one JSON object and nothing else: {"files": [{"path": ..., "edits": [{"oldText": ..., "newText": ...}]}]}.',
  'Each edit replaces oldText, copied exactly from the file (enough of it to be unique), with newText.',
  'An edit may also give startLine and endLine, the 1-based lines of the file that oldText spans.',
  'Use one small edit per place you change. Keep everything the instruction does not mention exactly as it is.',
].join(' ');

export function buildStructuredPrompt(input: FilePromptInput, context?: ContextInput): PlannedRequest {
  return { ...filePrompt(SYSTEM_PROMPT, input, '; its lines are numbered from 1', context), schema: EDIT_RESPONSE_SCHEMA };
}

interface RawEdit {
  oldText: string;
  newText: string;
  startLine?: number;
  endLine?: number;
}

export class StructuredReader implements EditReader {
  private fed = 0;
  private started = false;
  private failed = false;
  private readonly parser = new JSONParser({ paths: ['$.files.*.path', '$.files.*.edits.*'], keepStack: false });
  private readonly paths = new Map<number, string>();
  /** Edits whose file path has not arrived yet, per file. */
  private readonly waiting = new Map<number, Array<{ at: number; edit: RawEdit }>>();
  /** Keys (file:edit) of the edits already handed out. */
  private readonly given = new Set<string>();
  private out: ProposedEdit[] = [];
  private count = 0;

  constructor() {
    this.parser.onValue = ({ value, key, stack }) => {
      const file = stack[2]?.key;
      if (typeof file !== 'number') return;
      if (key === 'path' && typeof value === 'string') {
        this.paths.set(file, value);
        for (const w of this.waiting.get(file) ?? []) this.give(file, w.at, w.edit);
        this.waiting.delete(file);
      } else if (typeof key === 'number' && validateEdit(value)) {
        const edit = value as unknown as RawEdit;
        if (this.paths.has(file)) this.give(file, key, edit);
        else this.waiting.set(file, [...(this.waiting.get(file) ?? []), { at: key, edit }]);
      }
    };
    this.parser.onError = () => {
      this.failed = true;
    };
  }

  read(replySoFar: string): ReadResult {
    const text = dropThinking(replySoFar);
    if (!this.started) {
      // A server that does not enforce the schema may let chatter or a fence come first.
      const brace = text.indexOf('{', this.fed);
      if (brace < 0) return { edits: [], problems: [] };
      this.started = true;
      this.fed = brace;
    }
    if (!this.failed && text.length > this.fed) {
      this.parser.write(text.slice(this.fed));
      this.fed = text.length;
    }
    return this.drain();
  }

  finish(reply: string): ReadResult | { error: string } {
    const text = dropThinking(reply);
    const json = jsonOf(text);
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (err) {
      return { error: `The model's reply is not JSON (${(err as Error).message}); nothing was applied.` };
    }
    if (!validateReply(value)) return { error: `The model's reply does not follow the edit schema (${describe(validateReply.errors ?? [])}); nothing was applied.` };
    const files = (value as { files: Array<{ path: string; edits: RawEdit[] }> }).files;
    files.forEach((f, file) => {
      this.paths.set(file, f.path);
      f.edits.forEach((edit, at) => this.give(file, at, edit));
    });
    return this.drain();
  }

  private give(file: number, at: number, edit: RawEdit): void {
    const key = `${file}:${at}`;
    if (this.given.has(key)) return;
    this.given.add(key);
    const lineRange = edit.startLine !== undefined ? { start: edit.startLine, end: edit.endLine ?? edit.startLine } : undefined;
    this.out.push({ index: this.count++, path: this.paths.get(file) ?? null, oldText: edit.oldText, newText: edit.newText, wholeLines: false, ...(lineRange ? { lineRange } : {}) });
  }

  private drain(): ReadResult {
    const edits = this.out;
    this.out = [];
    return { edits, problems: [] };
  }
}

/** The JSON object of a reply: from its first `{` to its last `}` (a fence or chatter around it is dropped). */
function jsonOf(text: string): string {
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  return first >= 0 && last > first ? text.slice(first, last + 1) : text;
}

function describe(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}`)
    .join('; ');
}
