/**
 * Ghost text from the sidecar's textDocument/inlineCompletion, through the language client (its
 * converters, and its `$/cancelRequest` when VS Code cancels the token). Shown and partly accepted
 * suggestions are reported with VS Code's proposed `inlineCompletionsAdditions` hooks where the
 * proposal is enabled (it is a no-op elsewhere: the sidecar treats a returned suggestion as shown);
 * a whole accept runs the item's command. Caret moves are reported so the sidecar stops work for a
 * position that is gone.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { InlineCompletionItem as ProtocolItem, InlineCompletionList, Position } from '@redline/shared-protocol';
import type { Sidecar } from '../sidecar/connection';

/** What the proposed API adds to a provider (vscode.proposed.inlineCompletionsAdditions.d.ts). */
interface ProviderWithEvents extends vscode.InlineCompletionItemProvider {
  handleDidShowCompletionItem?(item: vscode.InlineCompletionItem, updatedInsertText: string): void;
  handleDidPartiallyAcceptCompletionItem?(item: vscode.InlineCompletionItem, info: number | { acceptedLength: number }): void;
}

interface Shown {
  uri: string;
  position: Position;
  item: ProtocolItem;
}

export const ACCEPTED_COMMAND = 'redline.completionAccepted';

export function registerCompletion(client: () => LanguageClient, sidecar: () => Sidecar): vscode.Disposable[] {
  const origins = new WeakMap<vscode.InlineCompletionItem, Shown>();

  const provide = async (document: vscode.TextDocument, position: vscode.Position, context: vscode.InlineCompletionContext, token: vscode.CancellationToken) => {
    const lc = client();
    const params = lc.code2ProtocolConverter.asInlineCompletionParams(document, position, context);
    let list: InlineCompletionList;
    try {
      list = await sidecar().request('textDocument/inlineCompletion', params as never, token);
    } catch (error) {
      if (token.isCancellationRequested) return undefined;
      throw error;
    }
    if (token.isCancellationRequested) return undefined;
    const uri = document.uri.toString();
    return list.items.map((protocolItem) => {
      const item = new vscode.InlineCompletionItem(
        protocolItem.insertText,
        protocolItem.range && lc.protocol2CodeConverter.asRange(protocolItem.range),
        { title: 'Accept', command: ACCEPTED_COMMAND, arguments: [uri] },
      );
      origins.set(item, { uri, position: params.position, item: protocolItem });
      return item;
    });
  };

  const events: ProviderWithEvents = {
    provideInlineCompletionItems: provide,
    handleDidShowCompletionItem: (item) => {
      const shown = origins.get(item);
      if (shown) void sidecar().notify('redline/completion/shown', { textDocument: { uri: shown.uri }, position: shown.position, item: shown.item });
    },
    handleDidPartiallyAcceptCompletionItem: (item, info) => {
      const shown = origins.get(item);
      const acceptedLength = typeof info === 'number' ? info : info.acceptedLength;
      if (shown) void sidecar().notify('redline/completion/partiallyAccepted', { textDocument: { uri: shown.uri }, acceptedLength });
    },
  };
  const selector: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];
  let registration: vscode.Disposable;
  try {
    registration = vscode.languages.registerInlineCompletionItemProvider(selector, events);
  } catch {
    // The proposal is not enabled for this extension here: VS Code refuses providers with its hooks.
    registration = vscode.languages.registerInlineCompletionItemProvider(selector, { provideInlineCompletionItems: provide });
  }

  return [
    registration,
    vscode.commands.registerCommand(ACCEPTED_COMMAND, (uri: string) => sidecar().notify('redline/completion/accepted', { textDocument: { uri } })),
    vscode.window.onDidChangeTextEditorSelection((event) => {
      if (event.textEditor !== vscode.window.activeTextEditor) return;
      const { line, character } = event.selections[0].active;
      void sidecar().notify('redline/completion/selectionChanged', { textDocument: { uri: event.textEditor.document.uri.toString() }, position: { line, character } });
    }),
  ];
}
