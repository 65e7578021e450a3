import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.replaceChildren();
});

/** An editor on `html` with the caret at `caret`, as the document page has it. */
function editorWith(html: string, caret: number): EditorView {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions: editorExtensions(), content: html });
  editor.commands.setTextSelection(caret);
  return editor.view;
}

/**
 * What ProseMirror does with a character the browser typed (prosemirror-view's readDOMChange): it
 * offers the insertion to `handleTextInput`, whose default inserts the text and takes the caret the
 * browser reports (`reportedCaret`); if no plugin handles it, it dispatches that default itself.
 */
function browserTypes(view: EditorView, text: string, reportedCaret: (from: number) => number) {
  const from = view.state.selection.from;
  const typed = () => {
    const tr = view.state.tr.insertText(text, from, from);
    return tr.setSelection(TextSelection.create(tr.doc, reportedCaret(from)));
  };
  if (!view.someProp('handleTextInput', (handle) => handle(view, from, from, text, typed)))
    view.dispatch(typed());
}

/** Each top-level block's text. */
const paragraphs = () => {
  const texts: string[] = [];
  editor!.state.doc.forEach((block) => texts.push(block.textContent));
  return texts;
};

describe('the caret after typed text', () => {
  it('goes after a letter typed into a new empty paragraph when the browser reports it before', () => {
    const view = editorWith('<p></p><p></p>', 3);
    browserTypes(view, 'S', (from) => from);
    expect(view.state.selection.head).toBe(4);
    // The rest of the word follows the first letter instead of going in front of it.
    for (const letter of 'hip') browserTypes(view, letter, (from) => from + 1);
    expect(paragraphs()).toEqual(['', 'Ship']);
  });

  it('stays where the browser puts it after ordinary typing', () => {
    const view = editorWith('<p>Shi</p>', 4);
    browserTypes(view, 'p', (from) => from + 1);
    expect(view.state.selection.head).toBe(5);
    expect(paragraphs()).toEqual(['Ship']);
  });

  it('leaves a markdown shortcut to its input rule', () => {
    const view = editorWith('<p>-</p>', 2);
    browserTypes(view, ' ', (from) => from);
    expect(editor!.getJSON().content?.[0]?.type).toBe('bulletList');
  });
});
