import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/**
 * A live co-editing client as the web editor is one (Hocuspocus provider over a real WebSocket to
 * `/api/document/collab`): resolves once synced, or with `refused`. `close()` ends it.
 */
export function openLiveDocument(base: string, documentIdx: number, key: string, ydoc = new Y.Doc()) {
  return new Promise<{ provider: HocuspocusProvider; ydoc: Y.Doc; close: () => void } | 'refused'>(
    (resolve) => {
      const provider = new HocuspocusProvider({
        websocketProvider: new HocuspocusProviderWebsocket({
          url: `${base}/api/document/collab`,
          WebSocketPolyfill: WebSocket,
        }),
        name: `document:${documentIdx}`,
        document: ydoc,
        token: key,
        onSynced: () => resolve({ provider, ydoc, close: () => provider.destroy() }),
        onAuthenticationFailed: () => {
          provider.destroy();
          resolve('refused');
        },
      });
      provider.attach();
    },
  );
}

/** Polls `check` every 50 ms for up to 10 s. */
export async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}
