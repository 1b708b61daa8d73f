/**
 * FIM prompt formats and stop tokens per model family, chosen from the model name unless the
 * settings name a family or give a custom template. Chat-only models get a chat prompt instead.
 */
import { referenceSections } from '../context/render.js';
import type { ContextItem } from '../context/types.js';
import type { streamChat } from '../providers/chat.js';
import { wordFragment } from './chatReply.js';

export type FimFamily = 'codellama' | 'deepseek' | 'qwen' | 'starcoder' | 'codestral' | 'codegemma';

export interface FimTemplate {
  kind: 'fim';
  /** Family name or 'custom'; part of the completion scope. */
  name: string;
  build(prefix: string, suffix: string): string;
  stops: string[];
}

export interface ChatTemplate {
  kind: 'chat';
  name: 'chat';
  stops: string[];
}

export type PromptTemplate = FimTemplate | ChatTemplate;

const fim = (name: FimFamily, build: (p: string, s: string) => string, stops: string[]): FimTemplate => ({ kind: 'fim', name, build, stops });

export const FAMILIES: Record<FimFamily, FimTemplate> = {
  codellama: fim('codellama', (p, s) => `<PRE> ${p} <SUF>${s} <MID>`, ['<EOT>', '<PRE>', '<SUF>', '<MID>', '</s>']),
  deepseek: fim('deepseek', (p, s) => `<｜fim▁begin｜>${p}<｜fim▁hole｜>${s}<｜fim▁end｜>`, [
    '<｜fim▁begin｜>',
    '<｜fim▁hole｜>',
    '<｜fim▁end｜>',
    '<｜end▁of▁sentence｜>',
    '<|EOT|>',
  ]),
  qwen: fim('qwen', (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`, [
    '<|endoftext|>',
    '<|fim_prefix|>',
    '<|fim_suffix|>',
    '<|fim_middle|>',
    '<|fim_pad|>',
    '<|repo_name|>',
    '<|file_sep|>',
    '<|im_start|>',
    '<|im_end|>',
  ]),
  starcoder: fim('starcoder', (p, s) => `<fim_prefix>${p}<fim_suffix>${s}<fim_middle>`, ['<|endoftext|>', '<fim_prefix>', '<fim_suffix>', '<fim_middle>', '<file_sep>']),
  codestral: fim('codestral', (p, s) => `[SUFFIX]${s}[PREFIX]${p}`, ['[PREFIX]', '[SUFFIX]', '[MIDDLE]', '</s>']),
  codegemma: fim('codegemma', (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`, [
    '<|file_separator|>',
    '<|fim_prefix|>',
    '<|fim_suffix|>',
    '<|fim_middle|>',
    '<end_of_turn>',
    '<eos>',
  ]),
};

export const CHAT_TEMPLATE: ChatTemplate = { kind: 'chat', name: 'chat', stops: [] };

/** Names a user may write in fimTemplate, besides the family names themselves. */
const ALIASES: Record<string, FimFamily | 'chat'> = {
  llama: 'codellama',
  'qwen2.5-coder': 'qwen',
  codeqwen: 'qwen',
  'stable-code': 'starcoder',
  chat: 'chat',
};

/** Model-name fragments, most specific first: chat-only Qwen3 before the FIM-trained Qwens. */
const MODEL_HINTS: Array<[RegExp, FimFamily | 'chat']> = [
  [/qwen3/, 'chat'],
  [/qwen|codeqwen/, 'qwen'],
  [/deepseek/, 'deepseek'],
  [/starcoder|stable-?code/, 'starcoder'],
  [/codestral/, 'codestral'],
  [/codegemma/, 'codegemma'],
  [/llama/, 'codellama'],
];

const byName = (name: FimFamily | 'chat'): PromptTemplate => (name === 'chat' ? CHAT_TEMPLATE : FAMILIES[name]);

/** The template for a fimTemplate setting ('auto', a family name, or custom text) and model. */
export function resolveTemplate(setting: string, model: string): PromptTemplate {
  const key = setting.trim().toLowerCase();
  if (key === 'auto' || key === '') {
    const hint = MODEL_HINTS.find(([pattern]) => pattern.test(model.toLowerCase()));
    return byName(hint ? hint[1] : 'codellama');
  }
  if (key in FAMILIES) return FAMILIES[key as FimFamily];
  if (key in ALIASES) return byName(ALIASES[key]);
  if (setting.includes('{prefix}') && setting.includes('{suffix}')) return customTemplate(setting);
  return byName('codellama');
}

/** A custom template's own markers are its stop tokens: a model that emits one has left the hole. */
function customTemplate(template: string): FimTemplate {
  const markers = template.replace(/\{prefix\}|\{suffix\}/g, ' ').match(/<[^<>\s]+>|\[[A-Z_]+\]/g) ?? [];
  return {
    kind: 'fim',
    name: 'custom',
    build: (p, s) => template.replace(/\{prefix\}|\{suffix\}/g, (m) => (m === '{prefix}' ? p : s)),
    stops: [...new Set([...markers, '<|endoftext|>'])],
  };
}

export const HOLE = '<|HOLE|>';

export type ChatMessage = Parameters<typeof streamChat>[1][number];

/** Chat-FIM: the file with the hole marked, asking for only the code that fills it; context items go first, titled as reference. */
export function chatFimMessages(prefix: string, suffix: string, languageId: string, context: readonly ContextItem[] = []): ChatMessage[] {
  const lineBefore = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const fragment = wordFragment(lineBefore);
  const system =
    `You complete code. The user sends a ${languageId} file with the cursor marked ${HOLE}. ` +
    'Reply with only the code to insert at the cursor, in one fenced code block, with no explanation. ' +
    'Do not repeat code that is already before or after the cursor.';
  const hint = fragment ? `\n\nThe cursor is inside the word \`${fragment}\`: start your reply with \`${fragment}\`.` : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: [...referenceSections(context), `\`\`\`${languageId}\n${prefix}${HOLE}${suffix}\n\`\`\`${hint}`].join('\n\n') },
  ];
}
