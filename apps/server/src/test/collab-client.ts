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
      const socket = new HocuspocusProviderWebsocket({
        url: `${base}/api/document/collab`,
        WebSocketPolyfill: WebSocket,
      });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: `document:${documentIdx}`,
        document: ydoc,
        token: key,
        onSynced: () => resolve({ provider, ydoc, close: () => provider.destroy() }),
        onAuthenticationFailed: () => {
          provider.destroy();
          resolve('refused');
        },
      });
      endsItsSocket(provider, socket);
      provider.attach();
    },
  );
}

/**
 * A provider given its own socket leaves it open when destroyed (Hocuspocus only closes a socket it
 * made), and the socket then tries to reconnect for ever: once the test's server is gone, an attempt
 * closed while still connecting threw in whichever test file the fork ran next (server tests keep
 * their process from file to file). Destroying the provider ends its socket too, quietly.
 */
export function endsItsSocket(provider: HocuspocusProvider, socket: HocuspocusProviderWebsocket) {
  // The socket's own "destroy" reaches the provider again: end it once.
  let ended = false;
  provider.on('destroy', () => {
    if (ended) return;
    ended = true;
    // Closing a WebSocket that is still connecting makes `ws` emit an error after Hocuspocus has
    // removed its listeners: uncaught, it would fail the run. The test is done with it.
    (socket.webSocket as WebSocket | null)?.on('error', () => {});
    socket.destroy();
  });
}

/** Polls `check` every 50 ms for up to 10 s. */
export async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}
