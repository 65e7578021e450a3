import { HocuspocusProvider } from '@hocuspocus/provider';
import { API_BASE, apiPaths } from '@teamline/contract';
import type { Extensions } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
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

/**
 * The editor extensions that make it live: the Yjs document as its content (so the editor gets no
 * `content` of its own and StarterKit's undo must be off: Yjs keeps per-user undo) and the other
 * people's carets with their names.
 */
export const collaborationExtensions = (session: LiveSession): Extensions => [
  Collaboration.configure({ document: session.ydoc, field: COLLAB_FIELD }),
  CollaborationCaret.configure({ provider: session.provider, user: session.user }),
];
