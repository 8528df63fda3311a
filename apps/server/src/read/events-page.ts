/**
 * An events page as JSON text, spliced from the payloads as the log stores them: a 1 MB page costs a
 * string join, not a parse and a re-serialisation of every payload (the shape is the protocol's `EventsPage`).
 */
import type { StoredEvent } from '../storage/lobby-log.repository.js';

/**
 * The page `{events, lastSeq}` as JSON; with `blankChat`, every chat message's text is '', and the chat
 * messages at the seqs of `removed` (a moderator removed them, PROTOCOL §4.9) are '' for every reader.
 */
export function eventsPageJson(
  events: readonly StoredEvent[],
  lastSeq: number,
  blankChat: boolean,
  removed: ReadonlySet<number> = new Set(),
): string {
  const parts = events.map((e) => {
    const blank = e.kind === 'chat' && (blankChat || removed.has(e.seq));
    const payload = blank ? JSON.stringify({ ...JSON.parse(e.payload), msg: '' }) : e.payload;
    return `{"seq":${e.seq},"kind":${JSON.stringify(e.kind)},"actor":${JSON.stringify(e.actor)},"payload":${payload},"seed":${e.seed === null ? 'null' : e.seed},"at":${JSON.stringify(e.at)}}`;
  });
  return `{"events":[${parts.join(',')}],"lastSeq":${lastSeq}}`;
}
