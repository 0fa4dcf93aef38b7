// The realtime connection (DESIGN §8): Socket.IO on /socket.io with the token in the handshake `auth`.
// Created lazily by the screens that need live data (the sale editor); the shell only displays editors.
import { io, type Socket } from 'socket.io-client';
import { readToken } from './token';

export function createSocket(): Socket {
  return io({
    path: '/socket.io',
    autoConnect: false,
    transports: ['websocket', 'polling'],
    auth: (cb) => cb({ token: readToken() }),
  });
}
