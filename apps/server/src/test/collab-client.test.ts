import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { endsItsSocket } from './collab-client.js';

it("a test's live document client, destroyed, stops its socket's reconnecting too", () => {
  // Nothing listens on port 9: the socket would retry for ever if left alone.
  const socket = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: 'document:1', token: 'key' });
  const destroyed = vi.spyOn(socket, 'destroy');
  endsItsSocket(provider, socket);
  provider.attach();
  provider.destroy();
  expect(destroyed).toHaveBeenCalledOnce();
  expect(socket.shouldConnect).toBe(false);
});
