import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import StarterKit from '@tiptap/starter-kit';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  COLLAB_FIELD,
  KeepCaretOnRemoteChanges,
  ReadDomBeforeRemoteChanges,
  type MessageSource,
} from './collaboration';

/** The provider's `message` event, emitted by the test as the provider does: before it applies a message. */
function messages() {
  const listeners = new Set<() => void>();
  const source = {
    on: (event: string, fn: () => void) => {
      if (event === 'message') listeners.add(fn);
      return source;
    },
    off: (event: string, fn: () => void) => {
      if (event === 'message') listeners.delete(fn);
      return source;
    },
  };
  return { source: source as unknown as MessageSource, emit: () => listeners.forEach((fn) => fn()) };
}

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

/**
 * One person's editor on a live document of two paragraphs, the caret at the start, and a co-author's
 * Yjs document in step with it.
 */
function liveEditor(withFix: boolean) {
  const ydoc = new Y.Doc();
  const provider = messages();
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({
    element,
    extensions: [
      StarterKit.configure({ undoRedo: false }),
      Collaboration.configure({ document: ydoc, field: COLLAB_FIELD }),
      ...(withFix
        ? [
            ReadDomBeforeRemoteChanges.configure({ provider: provider.source }),
            KeepCaretOnRemoteChanges.configure({ document: ydoc }),
          ]
        : []),
    ],
    // jsdom focuses only elements with a tab index.
    editorProps: { attributes: { tabindex: '0' } },
  });
  editor.commands.setContent('<p>Budget</p><p>Ship in March.</p>');
  const coAuthor = new Y.Doc();
  Y.applyUpdate(coAuthor, Y.encodeStateAsUpdate(ydoc));
  editor.view.focus();
  editor.commands.setTextSelection(1);
  return { editor, ydoc, coAuthor, provider };
}

/** The browser moves the caret itself (Ctrl+End): the DOM selection changes, ProseMirror is not told yet. */
function browserMovesCaretToEnd(view: Editor['view']) {
  const last = view.dom.querySelectorAll('p')[1]!.firstChild!;
  document.getSelection()!.collapse(last, last.textContent!.length);
}

/** The co-author types "Q1 " at the start of the first paragraph; the message reaches this editor. */
function coAuthorTypes(session: ReturnType<typeof liveEditor>) {
  const before = Y.encodeStateVector(session.ydoc);
  const paragraph = session.coAuthor.getXmlFragment(COLLAB_FIELD).get(0) as Y.XmlElement;
  (paragraph.get(0) as Y.XmlText).insert(0, 'Q1 ');
  const update = Y.encodeStateAsUpdate(session.coAuthor, before);
  session.provider.emit();
  Y.applyUpdate(session.ydoc, update, 'provider');
}

describe('a remote change arriving before the browser told ProseMirror of a caret move', () => {
  it('keeps the caret where the browser moved it', () => {
    const session = liveEditor(true);
    const { view } = session.editor;
    browserMovesCaretToEnd(view);
    coAuthorTypes(session);
    expect(view.state.doc.textContent).toBe('Q1 BudgetShip in March.');
    // The end of "Ship in March.": 1 + "Q1 Budget" + 2 + "Ship in March.".
    expect(view.state.selection.head).toBe(view.state.doc.content.size - 1);
    // Typing now ("Enter", then text) goes to the end, not into the co-author's paragraph.
    session.editor.commands.splitBlock();
    session.editor.commands.insertContent('Intro');
    expect(view.state.doc.child(0).textContent).toBe('Q1 Budget');
    expect(view.state.doc.lastChild?.textContent).toBe('Intro');
  });

  it('without reading the DOM first, the old caret is put back (the bug this guards against)', () => {
    const session = liveEditor(false);
    const { view } = session.editor;
    browserMovesCaretToEnd(view);
    coAuthorTypes(session);
    expect(view.state.selection.head).toBeLessThan(view.state.doc.child(0).nodeSize);
  });
});

describe('a co-author opening an empty paragraph above an empty paragraph the caret is in', () => {
  it('leaves the caret in its own paragraph', () => {
    const session = liveEditor(true);
    const { editor: ed } = session;
    ed.commands.setContent('<p>Budget</p><p>Ship in March.</p><p></p>');
    Y.applyUpdate(session.coAuthor, Y.encodeStateAsUpdate(session.ydoc));
    // The caret in the new, empty last paragraph (where this person is about to type).
    ed.commands.setTextSelection(ed.state.doc.content.size - 1);
    const before = Y.encodeStateVector(session.ydoc);
    // The co-author presses Enter at the end of "Budget": a new empty paragraph after it.
    session.coAuthor.getXmlFragment(COLLAB_FIELD).insert(1, [new Y.XmlElement('paragraph')]);
    session.provider.emit();
    Y.applyUpdate(session.ydoc, Y.encodeStateAsUpdate(session.coAuthor, before), 'provider');
    expect(ed.state.doc.childCount).toBe(4);
    expect(ed.state.selection.$head.index(0)).toBe(3);
  });
});

describe('undo in a live document', () => {
  it('puts the caret where y-tiptap puts it, as without these extensions', () => {
    const caretAfterUndo = (withFix: boolean) => {
      const { editor: ed } = liveEditor(withFix);
      const end = ed.state.doc.content.size - 1;
      ed.commands.setTextSelection(end);
      // The opening content is not part of what is undone.
      (yUndoPluginKey.getState(ed.state) as { undoManager: Y.UndoManager }).undoManager.stopCapturing();
      ed.commands.insertContent(' Later');
      ed.commands.setTextSelection(4);
      ed.commands.undo();
      const result = { text: ed.state.doc.textContent, head: ed.state.selection.head };
      ed.destroy();
      editor = null;
      return result;
    };
    const plain = caretAfterUndo(false);
    expect(plain.text).toBe('BudgetShip in March.');
    expect(caretAfterUndo(true)).toEqual(plain);
  });
});
