// Signalling relays on this machine for the transport tests (the public ones are out of reach
// offline, and tests must not depend on them): a WebTorrent tracker (bittorrent-tracker's
// WebSocket server, for Trystero's torrent strategy) and an MQTT broker over WebSocket (aedes,
// for the mqtt strategy). Each start*() gives {url, close()}, listening on a free port of
// 127.0.0.1.
import http from 'node:http';

export async function startTracker() {
  const { default: Server } = await import('bittorrent-tracker/server');
  const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false });
  await new Promise((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(0, '127.0.0.1');
  });
  server.on('error', () => {});
  server.on('warning', () => {});
  const sockets = new Set();
  server.ws.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const { port } = server.ws.address();
  return {
    url: `ws://127.0.0.1:${port}`,
    // Open sockets end first: a WebSocket server's close waits for its clients otherwise.
    close: () => {
      for (const ws of sockets) ws.terminate();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

export async function startMqttBroker() {
  const { Aedes } = await import('aedes');
  const { WebSocketServer, createWebSocketStream } = await import('ws');
  const broker = await Aedes.createBroker();
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws), req));
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${httpServer.address().port}`,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => httpServer.close(resolve));
      await new Promise((resolve) => broker.close(resolve));
    },
  };
}

export const RELAYS = { mqtt: startMqttBroker, torrent: startTracker };
