// The text of a language-model tool's result, as the model reads it.
import * as vscode from 'vscode';

export function toolResultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}
