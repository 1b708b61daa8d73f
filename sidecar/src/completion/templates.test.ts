import { describe, expect, it } from 'vitest';
import { chatFimMessages, HOLE, resolveTemplate, type FimTemplate } from './templates.js';

const fimFor = (setting: string, model = '') => resolveTemplate(setting, model) as FimTemplate;

describe('resolveTemplate from the model name', () => {
  it.each([
    ['codellama:7b-code', 'codellama', '<PRE> P <SUF>S <MID>'],
    ['llama3.1', 'codellama', '<PRE> P <SUF>S <MID>'],
    ['deepseek-coder:6.7b-base', 'deepseek', '<｜fim▁begin｜>P<｜fim▁hole｜>S<｜fim▁end｜>'],
    ['qwen2.5-coder:7b', 'qwen', '<|fim_prefix|>P<|fim_suffix|>S<|fim_middle|>'],
    ['codeqwen:7b', 'qwen', '<|fim_prefix|>P<|fim_suffix|>S<|fim_middle|>'],
    ['starcoder2:3b', 'starcoder', '<fim_prefix>P<fim_suffix>S<fim_middle>'],
    ['stable-code:3b-code', 'starcoder', '<fim_prefix>P<fim_suffix>S<fim_middle>'],
    ['codestral:22b', 'codestral', '[SUFFIX]S[PREFIX]P'],
    ['codegemma:2b-code', 'codegemma', '<|fim_prefix|>P<|fim_suffix|>S<|fim_middle|>'],
  ])('%s → %s', (model, name, prompt) => {
    const t = fimFor('auto', model);
    expect(t.name).toBe(name);
    expect(t.build('P', 'S')).toBe(prompt);
  });

  it('uses chat-FIM for chat-only Qwen3-Coder', () => {
    expect(resolveTemplate('auto', 'qwen3-coder:30b').kind).toBe('chat');
  });

  it('carries each family its stop tokens', () => {
    expect(fimFor('auto', 'codellama').stops).toContain('<EOT>');
    expect(fimFor('auto', 'qwen2.5-coder').stops).toEqual(
      expect.arrayContaining(['<|endoftext|>', '<|fim_pad|>', '<|repo_name|>', '<|file_sep|>', '<|im_start|>']),
    );
    expect(fimFor('auto', 'starcoder2').stops).toContain('<|endoftext|>');
    expect(fimFor('auto', 'codegemma').stops).toContain('<|file_separator|>');
  });
});

describe('resolveTemplate from the setting', () => {
  it('honours a family name over the model name', () => {
    expect(fimFor('deepseek', 'qwen2.5-coder').name).toBe('deepseek');
    expect(fimFor('stable-code', 'x').name).toBe('starcoder');
  });

  it('builds a custom template, with its markers as stop tokens', () => {
    const t = fimFor('<fim_begin>{prefix}<fim_hole>{suffix}<fim_end>', 'qwen2.5-coder');
    expect(t.name).toBe('custom');
    expect(t.build('a $& b', 'c')).toBe('<fim_begin>a $& b<fim_hole>c<fim_end>');
    expect(t.stops).toEqual(['<fim_begin>', '<fim_hole>', '<fim_end>', '<|endoftext|>']);
  });
});

describe('chatFimMessages', () => {
  it('marks the hole in the file and names the fragment being typed', () => {
    const [system, user] = chatFimMessages('const res = aw', ';\n', 'typescript');
    expect(system.role).toBe('system');
    expect(user.content).toContain(`const res = aw${HOLE};`);
    expect(user.content).toContain('start your reply with `aw`');
  });

  it('asks for no fragment when the cursor follows a non-word character', () => {
    expect(chatFimMessages('call(', ')', 'python')[1].content).not.toContain('start your reply');
  });
});
