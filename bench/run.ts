/** `npm run bench`: every benchmark, printed as tables. Figures go to docs/benchmarks.md by hand; nothing is asserted. */
import { runDiffBench } from './diff.bench.js';
import { runPackagedStillPictureBench, runStreamBench } from './stream.bench.js';
import { runWordsBench } from './words.bench.js';
import { runReplyLengthBench } from './replyLength.bench.js';
import { runMirrorBench } from './mirror.bench.js';
import { runChecksumBench } from './checksum.bench.js';
import { runSidecarBench } from './sidecar.bench.js';
import { runPipelineBench } from './pipeline.bench.js';
import { runCompletionBench } from './completion.bench.js';
import { runMemoryBench } from './memory.bench.js';
import { runNetworkBench } from './network.bench.js';
import { runBracketScanBench, runCorpusBench } from './corpus.bench.js';
import { runContextBench } from './context.bench.js';
import { runSnippetBench } from './snippet.bench.js';
import { runRetrievalBench } from './retrieval.bench.js';
import { runIndexBench } from './index.bench.js';
import { runScaleBench } from './scale.bench.js';
import { runNextEditBench } from './nextEdit.bench.js';
import { runEditorChecksBench } from './editorChecks.bench.js';
import { runVsCodeNextEditBench } from './vscodeNextEdit.bench.js';

for (const [name, run] of [
  ['diff and streaming layout', runDiffBench],
  ['streaming picture: does it hold still? (diff corpus)', runStreamBench],
  ['streaming picture through the packaged sidecar (diff corpus, 6 ms per 8-char chunk)', runPackagedStillPictureBench],
  ['inline edit: reply length (5-line selection, 5–200 KB reply, no model delays) through the packaged sidecar', runReplyLengthBench],
  ['word pairing: agreement with reviewed line pairs', runWordsBench],
  ['document mirror', runMirrorBench],
  ['document-sync checksum', runChecksumBench],
  ['sidecar: renders, start-up, memory', runSidecarBench],
  ['inline edit: apply pipeline per edit format, 2,000-line file', runPipelineBench],
  ['inline completion', runCompletionBench],
  ['memory after 300 completions', runMemoryBench],
  ['HTTP client: undici request vs Node fetch', runNetworkBench],
  ['completion agreement on the corpus, by class', runCorpusBench],
  ['completion: whole-document bracket scan', runBracketScanBench],
  ['context building: inline edit and completion in a 500-file workspace', runContextBench],
  ['apply a chat code block: outcomes on the snippet sets, tuned and held out', runSnippetBench],
  ['retrieval of the project API an instruction needs (retrieval corpus), and the unknown-name check on correct code', runRetrievalBench],
  ['workspace symbol index on a large real repository', runIndexBench],
  ['workspace index at scale: 10k / 40k / 100k real source files through the packaged sidecar', runScaleBench],
  ['next-edit suggestions', runNextEditBench],
  ["inline edit: the editor's checks of a proposal (client double), beside a bare request round trip", runEditorChecksBench],
  ['next-edit latency in a real VS Code (code-server + chromium)', runVsCodeNextEditBench],
] as const) {
  console.log(`\n${name}`);
  console.table(await run());
}
