import type { EditorNode } from '@teamline/contract';
import { prosemirrorJSONToYXmlFragment, yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { repairedContent } from './content-rules.js';
import { COLLAB_FIELD, editorSchema } from './editor-schema.js';

export const encodedState = (doc: Y.Doc) => Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');

/**
 * A live (Yjs) document made safe in place (content-rules.ts): a client can send any Yjs update, so
 * what the editor's schema does not know, or an address that could run script, is taken out of the
 * Yjs document itself, as a diff. In a live session that diff is an ordinary update every open
 * editor (and, with Redis, every instance) receives, so the stored state, the stored JSON and each
 * copy agree. The clean JSON, and whether anything was taken out.
 */
export function cleanLive(doc: Y.Doc): { content: EditorNode; changed: boolean } {
  const cleaned = repairedContent(yDocToProsemirrorJSON(doc, COLLAB_FIELD));
  if (cleaned.changed)
    doc.transact(() =>
      prosemirrorJSONToYXmlFragment(editorSchema(), cleaned.content, doc.getXmlFragment(COLLAB_FIELD)),
    );
  return cleaned;
}

/**
 * A stored document (JSON and, once it was edited live or saved since, its Yjs state) as the content
 * rules allow it. With a state, the state is cleaned and the JSON follows it: the two were written
 * together, and live editing resumes from the state. `changed`: something had to go.
 */
export function cleanStored(row: { content: EditorNode; ydoc: string | null }): {
  content: EditorNode;
  ydoc: string | null;
  changed: boolean;
} {
  const json = repairedContent(row.content);
  if (!row.ydoc) return { content: json.content, ydoc: null, changed: json.changed };
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, Buffer.from(row.ydoc, 'base64'));
    const live = cleanLive(doc);
    if (!live.changed && !json.changed) return { content: row.content, ydoc: row.ydoc, changed: false };
    return { content: live.content, ydoc: encodedState(doc), changed: true };
  } finally {
    doc.destroy();
  }
}
