/**
 * Tests of the local replay sources (saves/local-sources.ts, saves/local-file.ts): every log is a replay, and what
 * cannot be replayed is refused.
 */
import 'fake-indexeddb/auto';
import { RULES_VERSION, fold, serializeGame, stateHash, type LobbyEvent } from '@four-banners/engine';
import { File } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineGameLog } from '../game/offline-log';
import { OfflineSession } from '../game/offline-session';
import { DEVICE_PLAYER_ID, seatsToPlayers, type Seat } from '../game/seats';
import { sessionStore } from '../game/session-store';
import type { GameSession } from '../game/session';
import { AUTOSAVE_ID } from './autosave';
import { deleteSave, putSave, type SaveRecord } from './save-db';
import { toSaveFile } from './save-file';
import { openReplayFile, openedReplayFileStore } from './local-file';
import { explainLocalProblem } from './local-messages';
import { replayOfCurrentGame, replayOfLog, replayOfSave, replayOfSaveText, type LocalReplay } from './local-sources';
import { createReplay } from '../replay/replay-model';

const AT = new Date('2026-01-01T00:00:00Z');
const twoBots: Seat[] = [
  { country: 0, kind: 'bot', name: '', difficulty: 'hard' },
  { country: 1, kind: 'bot', name: '', difficulty: 'easy' },
  { country: 2, kind: 'empty', name: '', difficulty: 'easy' },
  { country: 3, kind: 'empty', name: '', difficulty: 'easy' },
];

/** A whole bots-only game on a small map, played by the same session code the app runs. */
function playedLog(): LobbyEvent[] {
  let n = 3;
  const session = new OfflineSession(
    offlineGameLog({
      lobbyId: 'offline-t',
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(twoBots),
      w: 6,
      h: 6,
      seed: 21,
      startSeed: 5,
      at: AT,
    }),
    { seed: () => (n = (Math.imul(n, 1103515245) + 12345) >>> 0), now: () => AT },
  );
  session.skipBots();
  const events = [...session.snapshot.events];
  session.dispose();
  return events;
}

const LOG = playedLog();
const record: SaveRecord = {
  id: 'save-1',
  name: 'A bots game',
  savedAt: AT.toISOString(),
  turn: 9,
  countries: [0],
  events: LOG,
};
const saveText = (events: readonly LobbyEvent[] = LOG) => JSON.stringify(toSaveFile({ ...record, events }));

/** The log of another rules version: the same game, its lobby-created claiming `version`. */
function underRules(version: number): LobbyEvent[] {
  const [created, ...rest] = LOG;
  if (created?.kind !== 'lobby-created') throw new Error('the log starts with lobby-created');
  return [{ ...created, payload: { ...created.payload, rulesVersion: version } }, ...rest];
}

/** The replay folds the source's events with the engine to the same final state as the original log. */
function expectSameGame(replay: LocalReplay) {
  expect(replay.ok).toBe(true);
  if (!replay.ok) return;
  const original = fold(LOG);
  if (!original.ok) throw new Error('the test log folds');
  const viewer = createReplay(replay.events);
  expect(viewer.endSeq).toBe(LOG.length);
  expect(viewer.hashAt(viewer.endSeq)).toBe(stateHash(original.value));
}

afterEach(async () => {
  sessionStore.get()?.dispose();
  sessionStore.set(null);
  openedReplayFileStore.set(null);
  await deleteSave(AUTOSAVE_ID);
  await deleteSave(record.id);
});

describe('local replay sources: every log is a replay', () => {
  it('the test game ends, so a replay has a start, a middle and an end', () => {
    const folded = fold(LOG);
    expect(folded.ok && folded.value.game.countries.length).toBe(1);
    expect(LOG.length).toBeGreaterThan(20);
  });

  it('a save file of this app opens as the same game', () => {
    const replay = replayOfSaveText(saveText());
    expectSameGame(replay);
    expect(replay.ok && replay.name).toBe('A bots game');
  });

  it('a save of this browser opens as the same game; a missing one says it is gone', async () => {
    await putSave(record);
    expectSameGame(await replayOfSave(record.id));
    expect(await replayOfSave('save-none')).toEqual({ ok: false, problem: { code: 'no_save' } });
  });

  it('the offline game in memory opens as it is now (a copy: the game may go on)', async () => {
    const session = new OfflineSession(LOG);
    sessionStore.set(session);
    const replay = await replayOfCurrentGame();
    expectSameGame(replay);
    expect(replay.ok && replay.events).not.toBe(session.snapshot.events);
  });

  it('after a reload the autosaved game is the current one; with neither there is no game', async () => {
    expect(await replayOfCurrentGame()).toEqual({ ok: false, problem: { code: 'no_game' } });
    await putSave({ ...record, id: AUTOSAVE_ID, name: 'Autosave' });
    expectSameGame(await replayOfCurrentGame());
  });

  it('an online game is not the local game: the autosaved offline game is', async () => {
    sessionStore.set({ online: true, snapshot: { events: [] }, dispose: () => {} } as unknown as GameSession);
    expect((await replayOfCurrentGame()).ok).toBe(false);
    await putSave({ ...record, id: AUTOSAVE_ID, name: 'Autosave' });
    expectSameGame(await replayOfCurrentGame());
  });

  // jsdom's File cannot be read; Node's is the same Web API.
  it('an opened file is kept in memory under a new id each time, with its reason when it cannot be replayed', async () => {
    const first = await openReplayFile(new File([saveText()], 'game.json', { type: 'application/json' }));
    expectSameGame(first.replay);
    expect(openedReplayFileStore.get()).toBe(first);
    const second = await openReplayFile(new File(['not json'], 'notes.json'));
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.replay.ok).toBe(false);
    expect(openedReplayFileStore.get()).toBe(second);
  });
});

describe('local replay sources: what cannot be replayed is refused, never folded wrongly', () => {
  const other = RULES_VERSION + 1;

  it('a log recorded under other rules is refused before folding', () => {
    expect(replayOfLog(underRules(other), 'x')).toEqual({
      ok: false,
      problem: { code: 'rules_version', recorded: other },
    });
    expect(replayOfSaveText(saveText(underRules(other)))).toEqual({
      ok: false,
      problem: { code: 'rules_version', recorded: other },
    });
  });

  it('a file of another version is answered with its rules version even when its events look different', () => {
    const future = JSON.parse(saveText(underRules(other)));
    future.events[1].payload.newField = true;
    expect(replayOfSaveText(JSON.stringify(future))).toEqual({
      ok: false,
      problem: { code: 'rules_version', recorded: other },
    });
  });

  it('the refusal names both versions', () => {
    expect(explainLocalProblem({ code: 'rules_version', recorded: other }).text).toBe(
      `This game was recorded with rules version ${other}; this app plays version ${RULES_VERSION}, so it cannot be replayed faithfully.`,
    );
  });

  it('a bare serialized game has no log to replay, and is told apart from garbage', () => {
    const folded = fold(LOG);
    if (!folded.ok) throw new Error('the test log folds');
    expect(replayOfSaveText(JSON.stringify(serializeGame(folded.value.game)))).toEqual({
      ok: false,
      problem: { code: 'no_log' },
    });
    expect(explainLocalProblem({ code: 'no_log' }).text).toMatch(/nothing to replay/);
  });

  it.each([
    ['text that is not JSON', 'hello', /not JSON/],
    ['JSON that is not a save', '{"hello":1}', /format/],
    ['a save with a damaged event', saveText().replace('"kind":"player-joined"', '"kind":"player-vanished"'), /events/],
    ['a save whose log starts elsewhere', saveText(LOG.slice(1)), /does not start/],
  ])('%s is not a save, with what is wrong', (_name, text, detail) => {
    const replay = replayOfSaveText(text);
    expect(replay.ok).toBe(false);
    if (replay.ok) return;
    expect(replay.problem.code).toBe('not_a_save');
    if (replay.problem.code === 'not_a_save') expect(replay.problem.detail).toMatch(detail);
  });

  it('a save that passes the schema but breaks the rules reaches the viewer, whose fold refuses it', () => {
    // seq 2 twice: the file is well formed, the log is not.
    const broken = [LOG[0]!, LOG[1]!, { ...LOG[2]!, seq: 2 }, ...LOG.slice(3)] as LobbyEvent[];
    const replay = replayOfSaveText(saveText(broken));
    expect(replay.ok).toBe(true);
    if (replay.ok) expect(() => createReplay(replay.events)).toThrow(/does not fold/);
  });
});
