/** Saving the game in progress and loading a save into a new session. */
import { fold } from '@four-banners/engine';
import type { QueryClient } from '@tanstack/react-query';
import { randomSeed } from '../game/offline-log';
import type { GameSession } from '../game/session';
import { openSession } from '../game/session-store';
import { playerLabel } from '../game/seats';
import { saveKeys } from './queries';
import { getSave, putSave, type SaveRecord } from './save-db';
import { describeLog } from './describe';

/** A default name: the people playing and the date. */
export function defaultSaveName(session: GameSession, now = new Date()): string {
  const people = session.snapshot.lobby.players.filter((p) => !p.bot).map(playerLabel);
  return `${people[0] ?? 'Bots'}'s game · ${now.toLocaleDateString()} ${now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

/** Saves the session's log as a new save (or over `overwrite`), returning the record. */
export async function saveSession(
  session: GameSession,
  queryClient: QueryClient,
  name?: string,
  now = new Date(),
): Promise<SaveRecord> {
  const snap = session.snapshot;
  const record: SaveRecord = {
    id: `save-${randomSeed().toString(36)}-${now.getTime().toString(36)}`,
    name: (name ?? '').trim() || defaultSaveName(session, now),
    savedAt: now.toISOString(),
    events: [...snap.events],
    ...describeLog(snap.lobby),
  };
  await putSave(record);
  session.saveId = record.id;
  session.name = record.name;
  await queryClient.invalidateQueries({ queryKey: saveKeys.all });
  return record;
}

/** Opens a save as the current game. Throws when the log does not fold. */
export async function loadSave(id: string): Promise<GameSession> {
  const record = await getSave(id);
  if (!record) throw new Error('That save no longer exists.');
  const folded = fold(record.events);
  if (!folded.ok) throw new Error(`That save does not replay: ${folded.error.message}`);
  const session = openSession(record.events, { saveId: record.id, name: record.name });
  session.resume();
  return session;
}
