import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * The caret goes after what was just typed, even when the browser says otherwise.
 *
 * ProseMirror lets the browser insert a typed character into the page, then reads the change and the
 * caret back from it. Chromium, when a key comes within a few milliseconds of ProseMirror having
 * drawn a new empty paragraph (Enter, then a letter, with the page busy), inserts the letter but
 * reports the caret before it. ProseMirror believed that caret, so the rest of the word went in
 * front of the first letter: "hip the payment module in March.S" for "Ship the payment module in
 * March." (seen in the documents journey on a loaded machine; a probe under the same load showed it
 * in 40 of 140 runs, each traced one with under 15 ms between the two keys). ProseMirror already
 * ignores such a caret from old Edge ("doesn't move the cursor forward when you start typing in an
 * empty block"), and from Chromium during an input method's composition; this covers plain typing.
 *
 * Only that exact shape is changed: nothing was selected, text was inserted at the caret, and the
 * browser puts the caret back at its start. A composition (an input method, Android's keyboard) is
 * left to ProseMirror. The plugin comes after the others (lowest priority), so an input rule that
 * turns the typed text into something else still goes first; when it comes to this plugin, the
 * insertion is dispatched here (what ProseMirror would do next with the same `typed` transaction), so
 * a keystroke builds its transaction once.
 */
export function caretAfterTypedText(
  view: EditorView,
  from: number,
  to: number,
  text: string,
  typed: () => Transaction,
): boolean {
  const before = view.state.selection;
  if (view.composing || !text || from !== to || !before.empty || before.head !== from) return false;
  const tr = typed();
  if (tr.selection.empty && tr.selection.head === from)
    tr.setSelection(TextSelection.create(tr.doc, from + text.length));
  view.dispatch(tr);
  return true;
}

export const CaretAfterTyping = Extension.create({
  name: 'caretAfterTyping',
  priority: 1,
  addProseMirrorPlugins: () => [
    new Plugin({ key: new PluginKey('caretAfterTyping'), props: { handleTextInput: caretAfterTypedText } }),
  ],
});
