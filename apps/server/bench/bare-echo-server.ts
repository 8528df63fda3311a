/**
 * The baseline: a bare socket.io server with the same transport, path and room shape as the game server.
 * `echo` joins nothing; it broadcasts the payload to the sender's room of 4 and acks — what an action
 * costs without validation, rules or SQLite. Prints `{"msg":"listening","port":N}` like the server.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, {
  path: '/api/socket',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 128 * 1024,
});
let seq = 0;
io.on('connection', (socket) => {
  socket.on('join', (room: string, ack: (r: unknown) => void) => {
    void socket.join(room);
    ack({ ok: true });
  });
  socket.on('echo', (payload: { room: string; body: unknown }, ack: (r: unknown) => void) => {
    seq++;
    io.to(payload.room).emit('echoed', { seq, body: payload.body });
    ack({ ok: true, seq });
  });
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(
    `${JSON.stringify({ msg: 'listening', port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
