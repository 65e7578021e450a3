import type { EditorNode } from '@teamline/contract';
import { documentEditorExtensions } from '@teamline/contract/editor';
import { getSchema } from '@tiptap/core';
import { prosemirrorJSONToYDoc, prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/**
 * The editor's schema on the server, from the very extension list the web editor uses
 * (`@teamline/contract/editor`): every save is checked against it (content-rules.ts), and live
 * co-editing turns stored editor JSON into a Yjs document with it, and back.
 */
let schema: ReturnType<typeof getSchema> | null = null;
export const editorSchema = () => (schema ??= getSchema(documentEditorExtensions()));

/** The Yjs fragment TipTap's Collaboration extension edits. */
export const COLLAB_FIELD = 'default';

/**
 * The stored live state (base64 Yjs update) with `content` put into it as a diff, the way a live
 * session takes a REST save: the text that did not change keeps its Yjs items, so a browser tab that
 * kept its copy of the old state merges with the new one instead of getting the text twice.
 */
export function contentIntoState(state: string, content: EditorNode): string {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, Buffer.from(state, 'base64'));
    doc.transact(() =>
      prosemirrorJSONToYXmlFragment(editorSchema(), content, doc.getXmlFragment(COLLAB_FIELD)),
    );
    return Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
  } finally {
    doc.destroy();
  }
}

/**
 * The live state (base64 Yjs update) of a document written over REST: built when it is saved, so the
 * first live opening decodes it instead of building it from the JSON while the editor waits.
 */
export function stateOf(content: EditorNode): string {
  const doc = prosemirrorJSONToYDoc(editorSchema(), content, COLLAB_FIELD);
  try {
    return Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
  } finally {
    doc.destroy();
  }
}
