/**
 * A watched game's log as it grows: contiguous from seq 1, fed by the history fetched over HTTP, the
 * watch answer's tail and the live broadcasts. Anything that does not follow is a gap the caller fills
 * by watching again from `lastSeq` (the resync contract); an old seq is ignored.
 */
import type { LobbyEvent } from '@four-banners/engine';

export type Received = 'appended' | 'old' | 'gap';

export class LiveLog {
  private list: LobbyEvent[] = [];

  /** The log so far; a new array after every change, so a view can tell it changed. */
  get events(): readonly LobbyEvent[] {
    return this.list;
  }

  get lastSeq(): number {
    return this.list.at(-1)?.seq ?? 0;
  }

  /** Takes `events` in seq order; stops at the first one that does not follow (then 'gap'). */
  receive(events: readonly LobbyEvent[]): Received {
    let appended = false;
    let next = this.lastSeq + 1;
    const added: LobbyEvent[] = [];
    for (const e of events) {
      if (e.seq < next) continue;
      if (e.seq !== next) {
        this.commit(added);
        return 'gap';
      }
      added.push(e);
      next += 1;
      appended = true;
    }
    this.commit(added);
    return appended ? 'appended' : 'old';
  }

  private commit(added: readonly LobbyEvent[]): void {
    if (added.length > 0) this.list = [...this.list, ...added];
  }
}
