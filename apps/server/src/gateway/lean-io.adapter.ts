/**
 * Nest's socket.io adapter, on the cluster bus's socket.io adapter when it brings one, with a lighter
 * per-connection message binding. The gateway listens for its request events itself (one table:
 * `request-runner.ts`), so Nest has nothing to bind there; the stock binding would still keep a disconnect
 * observable per socket, and it builds an rxjs pipeline per handler per socket (≈50 KB a connection for 11
 * events, measured): at 1,000 sockets that live heap makes old-space GC pauses long enough to show in the p99
 * round trip. Here each event Nest binds is one plain listener; results are handled as Nest does (value,
 * promise or observable; `{event, data}` emits, anything else is the acknowledgement).
 */
import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { isObservable, type Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { ClusterBus } from '../cluster/cluster-bus.js';

type Reply = { event?: string; data?: unknown } | null | undefined;

export class LeanIoAdapter extends IoAdapter {
  private readonly log = new Logger('LeanIoAdapter');

  constructor(private readonly nest: INestApplicationContext) {
    super(nest);
  }

  /** The socket.io server, on the cluster bus's adapter when it brings one (several nodes). */
  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const adapter = this.nest.get(ClusterBus).adapter();
    if (adapter) server.adapter(adapter);
    return server;
  }

  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    _transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...payload: unknown[]) => {
        // The acknowledgement callback, when the client asked for one, comes last. A request without one is
        // carried out all the same, unanswered (docs/PROTOCOL.md §3.1): its one argument is the payload, as
        // with a callback (Nest's own mapping would hand the handler the argument list instead).
        const ack = typeof payload.at(-1) === 'function' ? (payload.pop() as (r: unknown) => void) : undefined;
        const data = payload.length === 1 ? payload[0] : payload;
        const answer = (reply: Reply) => {
          if (reply === null || reply === undefined) return;
          if (typeof reply === 'object' && reply.event) socket.emit(reply.event, reply.data);
          else if (!isAckHandledManually && typeof ack === 'function') ack(reply);
        };
        const fail = (e: unknown) => this.log.error(e);
        try {
          Promise.resolve(callback(data, ack)).then((result: unknown) => {
            if (isObservable(result)) result.subscribe({ next: (r) => answer(r as Reply), error: fail });
            else answer(result as Reply);
          }, fail);
        } catch (e) {
          fail(e);
        }
      });
    }
  }
}
