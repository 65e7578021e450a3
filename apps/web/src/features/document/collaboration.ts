import { HocuspocusProvider } from '@hocuspocus/provider';
import { API_BASE, apiPaths } from '@teamline/contract';
import { Extension, type Extensions } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { api } from '../../lib/api';
import { useProfileStore } from '../../stores/profile-store';
import './collaboration.css';

/**
 * Live co-editing of a document (issue 15): the editor's content is a Yjs document kept in step by
 * the server's Hocuspocus endpoint, so two people typing at once keep both their changes and see
 * each other's carets. The server loads the Yjs state (or builds it from the stored editor JSON),
 * checks the access key sent as the Hocuspocus token against `document.view`/`document.edit`, and
 * stores the state back together with `content`, `text` and `version`. The title stays a REST PATCH.
 */

/** Where the server mounts Hocuspocus (under the app's API base, beside `/api/ws`). */
export const COLLAB_PATH = apiPaths.documentCollab;
/** The Yjs fragment TipTap's Collaboration extension edits; the server builds the same one. */
export const COLLAB_FIELD = 'default';
/** How long the first sync may take before the page edits without live co-editing. */
export const COLLAB_CONNECT_TIMEOUT_MS = 6_000;

/** The Hocuspocus document name of a document. */
export const collabDocumentName = (documentIdx: number): string => `document:${documentIdx}`;

export function collabUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_BASE}${COLLAB_PATH}`;
}

/** Caret colours with enough contrast on white for the name label (white text on them). */
const CARET_COLORS = ['#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#b45309', '#be185d', '#0e7490', '#4d7c0f'];
export const caretColorOf = (memberIdx: number): string =>
  CARET_COLORS[Math.abs(memberIdx) % CARET_COLORS.length] ?? CARET_COLORS[0]!;

export interface CollabUser {
  name: string;
  color: string;
}

/** The signed-in member as others see their caret (read when the session opens). */
export function currentCollabUser(): CollabUser {
  const profile = useProfileStore.getState().profile;
  return {
    name: profile?.nickname || profile?.name || '…',
    color: caretColorOf(profile?.memberIdx ?? 0),
  };
}

export interface LiveSession {
  provider: HocuspocusProvider;
  ydoc: Y.Doc;
  user: CollabUser;
  /** What the server allows this connection: `readonly` for a viewer. */
  readOnly: boolean;
}

/**
 * `connecting`: waiting for the first sync (show a spinner, not an empty editor);
 * `live`: synced, the editor edits the Yjs document (later drops reconnect on their own, typing
 * meanwhile is kept and sent on reconnect); `unavailable`: no live editing (server without the
 * endpoint, refused, or no answer in time): edit with REST autosave instead.
 */
export type LiveState =
  { state: 'connecting' } | { state: 'live'; session: LiveSession } | { state: 'unavailable' };

export interface LiveOptions {
  enabled?: boolean;
  timeoutMs?: number;
  /** For tests: makes the provider. */
  createProvider?: (config: ConstructorParameters<typeof HocuspocusProvider>[0]) => HocuspocusProvider;
}

/**
 * Opens the live session of a document while the component is mounted. The mode is decided once
 * (first of synced / refused / timeout) and kept, so the editor is never swapped under the user's
 * hands. A refused token (the 30-minute access key ran out) is refreshed once and retried.
 */
export function useLiveDocument(documentIdx: number, options: LiveOptions = {}): LiveState {
  const enabled = (options.enabled ?? true) && typeof WebSocket !== 'undefined';
  const timeoutMs = options.timeoutMs ?? COLLAB_CONNECT_TIMEOUT_MS;
  const createProvider = options.createProvider;
  // The decision for one document; another document starts at `connecting` again.
  const [decision, setDecision] = useState<{ documentIdx: number; live: LiveState } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const ydoc = new Y.Doc();
    const user = currentCollabUser();
    let decided = false;
    let session: LiveSession | null = null;
    let failures = 0;
    const decide = (next: LiveState) => {
      if (decided) return;
      decided = true;
      clearTimeout(timer);
      if (next.state === 'live') session = next.session;
      setDecision({ documentIdx, live: next });
    };
    /** After going live, a new answer of the server (re-authentication) changes only what may be done. */
    const setReadOnly = (readOnly: boolean) => {
      if (!session || session.readOnly === readOnly) return;
      session = { ...session, readOnly };
      setDecision({ documentIdx, live: { state: 'live', session } });
    };
    const refused = () => {
      if (decided) setReadOnly(true);
      else decide({ state: 'unavailable' });
    };
    const config: ConstructorParameters<typeof HocuspocusProvider>[0] = {
      url: collabUrl(),
      name: collabDocumentName(documentIdx),
      document: ydoc,
      // After a reload the key may still be on its way from the refresh cookie: wait for it.
      token: () => api.ensureKey(),
      onAuthenticated: ({ scope }) => {
        failures = 0;
        setReadOnly(scope === 'readonly');
      },
      onSynced: () => {
        decide({
          state: 'live',
          session: { provider, ydoc, user, readOnly: provider.authorizedScope === 'readonly' },
        });
      },
      onAuthenticationFailed: () => {
        failures += 1;
        // A share taken away, or a key that cannot be refreshed: no more editing here.
        if (failures > 1) return refused();
        // The 30-minute key ran out (on a reconnect too): any authenticated call refreshes it (one
        // shared refresh), then the provider asks again.
        void api
          .get('member')
          .then(() => provider.sendToken())
          .catch(refused);
      },
    };
    const provider = createProvider ? createProvider(config) : new HocuspocusProvider(config);
    const timer = setTimeout(() => decide({ state: 'unavailable' }), timeoutMs);
    return () => {
      clearTimeout(timer);
      provider.destroy();
      ydoc.destroy();
    };
  }, [documentIdx, enabled, timeoutMs, createProvider]);

  if (!enabled) return { state: 'unavailable' };
  return decision?.documentIdx === documentIdx ? decision.live : { state: 'connecting' };
}

/** ProseMirror's DOM observer, internal to prosemirror-view (not in its types). */
interface ViewWithDomObserver {
  domObserver?: { flush?: () => void };
}

/**
 * Makes ProseMirror take in, now, what the browser changed in the editor's DOM that it has not read
 * yet: above all a caret the browser moved on its own (Ctrl+End, Home, arrows, a click), which
 * ProseMirror learns of only on the next `selectionchange` event, a separate task that a busy page
 * runs late. `flush()` is what ProseMirror itself calls on that event; it does nothing when the DOM
 * and the state agree or the editor has no focus.
 */
export function readEditorDom(view: EditorView): void {
  if (view.isDestroyed) return;
  (view as unknown as ViewWithDomObserver).domObserver?.flush?.();
}

/** What of the provider the extension below needs (its `message` event). */
export type MessageSource = Pick<HocuspocusProvider, 'on' | 'off'>;

/**
 * Reads the editor's DOM before each message of the server is applied. Without it, a co-author's
 * update (or caret) arriving between a caret move the browser made and its `selectionchange` event
 * is applied against ProseMirror's old selection: y-prosemirror restores the caret from that old
 * selection (`beforeAllTransactions`) and ProseMirror writes it back into the DOM, so the caret move
 * is undone. A person who pressed Ctrl+End and Enter then split the paragraph the co-author was
 * typing in, and their text went into it (the e2e "two browsers edit the document at once" failed so
 * on a loaded machine; e2e/tests/collab-caret.repro.spec.ts reproduces it). The provider emits
 * `message` before it applies the message, outside any Yjs transaction, so the selection read here
 * goes to Yjs and to the relative position y-prosemirror keeps before the remote change comes in.
 */
export const ReadDomBeforeRemoteChanges = Extension.create<{ provider: MessageSource | null }>({
  name: 'readDomBeforeRemoteChanges',
  addOptions: () => ({ provider: null }),
  addProseMirrorPlugins() {
    const provider = this.options.provider;
    return [
      new Plugin({
        key: new PluginKey('readDomBeforeRemoteChanges'),
        view: (view) => {
          const beforeMessage = () => readEditorDom(view);
          provider?.on('message', beforeMessage);
          return { destroy: () => void provider?.off('message', beforeMessage) };
        },
      }),
    ];
  },
});

/** What of y-tiptap's binding (the sync plugin's state) the extension below reads. */
interface SyncBinding {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Parameters<typeof relativePositionToAbsolutePosition>[3];
}
const bindingOf = (state: EditorView['state']): SyncBinding | null =>
  (ySyncPluginKey.getState(state) as { binding?: SyncBinding } | undefined)?.binding ?? null;

/** A position held by Yjs, or null when what it points into was deleted (a moved or removed block). */
function livePosition(binding: SyncBinding, position: Y.RelativePosition): number | null {
  const decoded = Y.createAbsolutePositionFromRelativePosition(position, binding.doc);
  if (!decoded) return null;
  for (let item = decoded.type._item; item; item = (item.parent as Y.AbstractType<unknown>)._item)
    if (item.deleted) return null;
  return relativePositionToAbsolutePosition(binding.doc, binding.type, position, binding.mapping);
}

/**
 * Puts the caret, after a co-author's change, where Yjs says it is. y-tiptap restores it from the
 * same Yjs position but then second-guesses it with a heuristic meant for blocks moved by drag and
 * drop (`recoverSelectionEndpoint`): when the caret's paragraph looks like another one (two empty
 * paragraphs: mine just opened, the co-author's just opened above it), it moves the caret to the
 * first look-alike, into the co-author's paragraph, and what is typed next lands there. Here the
 * caret is taken (as y-tiptap does, before the remote Yjs transaction) and, when both ends still
 * point into text that exists, put back exactly there; otherwise y-tiptap's answer stands.
 */
export const KeepCaretOnRemoteChanges = Extension.create<{ document: Y.Doc | null }>({
  name: 'keepCaretOnRemoteChanges',
  addOptions: () => ({ document: null }),
  addProseMirrorPlugins() {
    const ydoc = this.options.document;
    let before: { anchor: Y.RelativePosition; head: Y.RelativePosition } | null = null;
    return [
      new Plugin({
        key: new PluginKey('keepCaretOnRemoteChanges'),
        view: (view) => {
          const take = () => {
            // Only for others' changes: the editor's own go the other way (ProseMirror to Yjs).
            if (before || ydoc?._transaction?.origin === ySyncPluginKey) return;
            const binding = bindingOf(view.state);
            const { selection } = view.state;
            if (!binding || !(selection instanceof TextSelection)) return;
            const relative = (pos: number) =>
              absolutePositionToRelativePosition(pos, binding.type, binding.mapping) as Y.RelativePosition;
            try {
              before = { anchor: relative(selection.anchor), head: relative(selection.head) };
            } catch {
              // A position y-tiptap cannot express: its own restore stands.
              before = null;
            }
          };
          const release = () => {
            before = null;
          };
          ydoc?.on('beforeAllTransactions', take);
          ydoc?.on('afterAllTransactions', release);
          return {
            destroy: () => {
              ydoc?.off('beforeAllTransactions', take);
              ydoc?.off('afterAllTransactions', release);
            },
          };
        },
        appendTransaction: (transactions, _oldState, state) => {
          // A change from Yjs, not an undo or redo (those put the caret back where it was on purpose).
          const remote = transactions.some((tr) => {
            const meta = tr.getMeta(ySyncPluginKey) as
              { isChangeOrigin?: boolean; isUndoRedoOperation?: boolean } | undefined;
            return tr.docChanged && meta?.isChangeOrigin === true && !meta.isUndoRedoOperation;
          });
          const binding = bindingOf(state);
          if (!remote || !before || !binding) return null;
          const anchor = livePosition(binding, before.anchor);
          const head = livePosition(binding, before.head);
          const size = state.doc.content.size;
          if (anchor === null || head === null || anchor > size || head > size) return null;
          if (state.selection.anchor === anchor && state.selection.head === head) return null;
          return state.tr
            .setSelection(TextSelection.between(state.doc.resolve(anchor), state.doc.resolve(head)))
            .setMeta(ySyncPluginKey, { isChangeOrigin: true })
            .setMeta('addToHistory', false);
        },
      }),
    ];
  },
});

/**
 * The editor extensions that make it live: the Yjs document as its content (so the editor gets no
 * `content` of its own and StarterKit's undo must be off: Yjs keeps per-user undo), the other
 * people's carets with their names, the editor's DOM read before each remote change and the caret
 * kept where Yjs puts it.
 */
export const collaborationExtensions = (session: LiveSession): Extensions => [
  Collaboration.configure({ document: session.ydoc, field: COLLAB_FIELD }),
  CollaborationCaret.configure({ provider: session.provider, user: session.user }),
  ReadDomBeforeRemoteChanges.configure({ provider: session.provider }),
  KeepCaretOnRemoteChanges.configure({ document: session.ydoc }),
];
