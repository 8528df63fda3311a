/** The bus of a node that runs alone: events stay in this process, and the other nodes hold nothing. */
import type { LobbyEvent } from '@four-banners/engine';
import { ClusterBus, type CountKind, type IoAdapterFactory } from './cluster-bus.js';

const NOBODY: ReadonlySet<string> = new Set();

export class LocalBus extends ClusterBus {
  readonly peers = false;

  async ready(): Promise<void> {}

  adapter(): IoAdapterFactory | undefined {
    return undefined;
  }

  attachServer(): void {}

  published(_lobbyId: string, _events: readonly LobbyEvent[]): void {}

  sanctionsChanged(): void {}

  /** Answered at once (no other node): callers see the same order of events as without a bus. */
  onlineElsewhere(_playerIds: readonly string[], then: (online: ReadonlySet<string> | null) => void): void {
    then(NOBODY);
  }

  count(_kind: CountKind, _field: string, _n: number): void {}

  /** Answered at once: 0. */
  sumElsewhere(_kind: CountKind, _field: string, then: (n: number | null) => void): void {
    then(0);
  }

  /** Answered at once: 0. */
  fieldsElsewhere(_kind: CountKind, then: (n: number | null) => void): void {
    then(0);
  }
}
