#!/usr/bin/env python3
"""Writes a small llama-architecture GGUF with random weights for the real-server tests.

Random weights make gibberish, which is all the tests need: they exercise the servers' wire formats,
streaming, limits, cancellation and errors, not the text. The file has what both servers need to
treat it as a real chat and code model: an SPM tokenizer with byte fallback (any text encodes) and a
few hundred words (text takes about as many tokens as with a real tokenizer), a ChatML chat template
with <|im_end|> as end of turn, and Qwen-style FIM tokens.

  make-model.py OUT.gguf [--no-eos] [--size tiny|medium|large]

--no-eos  the end tokens are never likely, so a reply runs to the token limit or the context's end
--size    tiny: 64 wide, 2 layers (≈ 2 MB, thousands of tokens a second); medium: 256 wide, 4 layers,
          and large: 512 wide, 6 layers (≈ 20 and 80 MB). A slow model lets a test cancel or kill
          the server mid-reply: on one busy core, llama.cpp's server runs large at some 50 tokens a
          second, Ollama (whose prompt reading is far slower here) runs medium at some 80.
"""
import argparse

import gguf
import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--no-eos", action="store_true")
parser.add_argument("--size", choices=["tiny", "medium", "large"], default="tiny")
args = parser.parse_args()

SPACE = "\u2581"  # SPM writes a space as this symbol
CONTROL = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>",
           "<|fim_prefix|>", "<|fim_suffix|>", "<|fim_middle|>", "<|fim_pad|>", "<|endoftext|>"]
# Frequent English words and the words of coding requests, so prose tokenizes about as densely as
# with a real tokenizer (a few characters a token), not a character at a time.
ENGLISH_WORDS = """the of and to in is it you that was for on are with as be at this have from or one had by
but not what all were we when your can said there use an each which she do how their if will up other about
out many then them these so some her would make like him into time has look two more write go see number no
way could people my than first been call who its now find long down day did get come made may part over new
after only used using must also just any such here where why should very before same between while under
code edit editor editing file files line lines function functions method class value values name names type
types return returns reply rewrite replacement complete change changes changed instruction instructions
comment comments keep everything exactly including indentation context only include given follows follow
above below nothing else diff fragment fences commentary mention markdown error errors test tests python
typescript java kotlin string number list items item total result""".split()
CODE_WORDS = ["def", "return", "if", "else", "for", "in", "import", "from", "class", "self", "print",
              "function", "const", "let", "var", "true", "false", "None", "null", "while", "x", "y",
              "value", "items", "total", "result", "(", ")", ":", "=", "==", "+=", "->", "()", "):",
              "[]", "{}", "0", "1", "i", "n", "s", "t"]


class Vocab:
    def __init__(self):
        self.pieces, self.scores, self.types, self.ids = [], [], [], {}

    def add(self, piece, score, kind):
        if piece in self.ids:
            return self.ids[piece]
        self.ids[piece] = len(self.pieces)
        self.pieces.append(piece)
        self.scores.append(score)
        self.types.append(int(kind))
        return len(self.pieces) - 1


vocab = Vocab()
ids = {name: vocab.add(name, 0.0, gguf.TokenType.UNKNOWN if name == "<unk>" else gguf.TokenType.CONTROL)
       for name in CONTROL}
byte_token = [vocab.add(f"<0x{b:02X}>", 0.0, gguf.TokenType.BYTE) for b in range(256)]
# Text pieces: every printable ASCII character and the space symbol, code words with and without a
# leading space (longer pieces score higher so the tokenizer prefers them), runs of indentation.
text_tokens = [vocab.add(c, -1000.0 - i, gguf.TokenType.NORMAL)
               for i, c in enumerate([chr(n) for n in range(33, 127)] + [SPACE])]
# SPM builds a word by merging neighbouring pieces, so every prefix of a word is a piece too.
for word in CODE_WORDS + ENGLISH_WORDS + [w.capitalize() for w in ENGLISH_WORDS]:
    for piece in (word, SPACE + word):
        for end in range(2, len(piece) + 1):
            text_tokens.append(vocab.add(piece[:end], -10.0 * (20 - min(end, 19)), gguf.TokenType.NORMAL))
for width in (2, 4, 8):
    text_tokens.append(vocab.add(SPACE * width, -5.0, gguf.TokenType.NORMAL))

embd, layers, ff, heads = {"tiny": (64, 2, 128, 4), "medium": (256, 4, 704, 4), "large": (512, 6, 1408, 8)}[args.size]
head_dim = embd // heads
context = 4096

writer = gguf.GGUFWriter(args.out, "llama")
writer.add_name("redline-random-test-model")
writer.add_file_type(gguf.LlamaFileType.ALL_F32)
writer.add_context_length(context)
writer.add_embedding_length(embd)
writer.add_block_count(layers)
writer.add_feed_forward_length(ff)
writer.add_head_count(heads)
writer.add_head_count_kv(heads)
writer.add_rope_dimension_count(head_dim)
writer.add_rope_freq_base(10000.0)
writer.add_layer_norm_rms_eps(1e-5)
writer.add_vocab_size(len(vocab.pieces))

writer.add_tokenizer_model("llama")
writer.add_token_list(vocab.pieces)
writer.add_token_scores(vocab.scores)
writer.add_token_types(vocab.types)
writer.add_unk_token_id(ids["<unk>"])
writer.add_bos_token_id(ids["<s>"])
writer.add_eos_token_id(ids["</s>"])
writer.add_eot_token_id(ids["<|im_end|>"])
writer.add_add_bos_token(True)
writer.add_add_eos_token(False)
writer.add_add_space_prefix(False)
writer.add_uint32(gguf.Keys.Tokenizer.FIM_PRE_ID, ids["<|fim_prefix|>"])
writer.add_uint32(gguf.Keys.Tokenizer.FIM_SUF_ID, ids["<|fim_suffix|>"])
writer.add_uint32(gguf.Keys.Tokenizer.FIM_MID_ID, ids["<|fim_middle|>"])
writer.add_uint32(gguf.Keys.Tokenizer.FIM_PAD_ID, ids["<|fim_pad|>"])
writer.add_chat_template(
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")

rng = np.random.default_rng(20261201)


def random(shape, std):
    return (rng.standard_normal(shape) * std).astype(np.float32)


writer.add_tensor("token_embd.weight", random((len(vocab.pieces), embd), 1.0))
for n in range(layers):
    writer.add_tensor(f"blk.{n}.attn_norm.weight", np.ones(embd, dtype=np.float32))
    for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
        writer.add_tensor(f"blk.{n}.{name}.weight", random((embd, embd), 0.02))
    writer.add_tensor(f"blk.{n}.ffn_norm.weight", np.ones(embd, dtype=np.float32))
    writer.add_tensor(f"blk.{n}.ffn_gate.weight", random((ff, embd), 0.02))
    writer.add_tensor(f"blk.{n}.ffn_up.weight", random((ff, embd), 0.02))
    writer.add_tensor(f"blk.{n}.ffn_down.weight", random((embd, ff), 0.02))
writer.add_tensor("output_norm.weight", np.ones(embd, dtype=np.float32))

# The output head: rows left at zero give logit 0, far below the live rows, so replies are mostly
# text pieces and newlines. The end tokens are live unless --no-eos.
head = np.zeros((len(vocab.pieces), embd), dtype=np.float32)
for token in text_tokens + [byte_token[0x0A]]:
    head[token] = random((embd,), 2.0 / np.sqrt(embd))
if not args.no_eos:
    # Wider rows: an end token's logit then swings more, and averaged over the steps it wins about
    # once in a hundred tokens against the two thousand text pieces.
    for token in (ids["</s>"], ids["<|im_end|>"]):
        head[token] = random((embd,), 3.0 / np.sqrt(embd))
writer.add_tensor("output.weight", head)

writer.write_header_to_file()
writer.write_kv_data_to_file()
writer.write_tensors_to_file()
writer.close()
print(f"{args.out}: {len(vocab.pieces)} tokens, {embd} wide, {layers} layers, end tokens {'off' if args.no_eos else 'on'}")
