/**
 * Where a local replay's log comes from: the offline game on this device, a save in IndexedDB, or a
 * save file the player opened. Every source answers the same way: the log to fold, or the reason there
 * is nothing to replay (failure is a value). A log recorded under other rules is refused before it is
 * folded, so it is never shown wrongly.
 */
import { RULES_VERSION, type LobbyEvent } from '@four-banners/engine';
import { serializedGameSchema } from '@four-banners/protocol';
import { sessionStore } from '../game/session-store';
import { AUTOSAVE_ID } from './autosave';
import { getSave } from './save-db';
import { saveFileSchema } from './save-file';

/** Why there is no replay to show. */
export type LocalReplayProblem =
  /** The log was written under other rules than this app plays. */
  | { readonly code: 'rules_version'; readonly recorded: number }
  /** A bare serialized game: one moment of a board, without the moves that led there. */
  | { readonly code: 'no_log' }
  /** The file is not a Four Banners save; `detail` says what is wrong with it. */
  | { readonly code: 'not_a_save'; readonly detail: string }
  /** No offline game is in progress (and none is autosaved). */
  | { readonly code: 'no_game' }
  /** The save asked for is not in this browser. */
  | { readonly code: 'no_save' }
  /** An opened file is kept in memory only, and the page was reloaded since. */
  | { readonly code: 'file_gone' };

export type LocalReplay =
  | { readonly ok: true; readonly events: readonly LobbyEvent[]; readonly name: string }
  | { readonly ok: false; readonly problem: LocalReplayProblem };

const refuse = (problem: LocalReplayProblem): LocalReplay => ({ ok: false, problem });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rules version a raw log's first event claims, if it claims one (read before any other check). */
function claimedRulesVersion(events: unknown): number | null {
  if (!Array.isArray(events) || !isRecord(events[0]) || !isRecord(events[0].payload)) return null;
  const version = events[0].payload.rulesVersion;
  return typeof version === 'number' && Number.isInteger(version) ? version : null;
}

/** A log that may be replayed by this app's engine, or why not. */
export function replayOfLog(events: readonly LobbyEvent[], name: string): LocalReplay {
  const first = events[0];
  if (!first || first.kind !== 'lobby-created')
    return refuse({ code: 'not_a_save', detail: 'its log does not start with the creation of a lobby' });
  if (first.payload.rulesVersion !== RULES_VERSION)
    return refuse({ code: 'rules_version', recorded: first.payload.rulesVersion });
  return { ok: true, events, name };
}

/**
 * Reads a save file's text (raw input) into a replay. The rules version is looked at first, so a file
 * from another version of the game gets that answer rather than a schema complaint; then the file is
 * checked with the save schema. A bare serialized game is recognised and refused: it has no log.
 */
export function replayOfSaveText(text: string, fileName = 'Opened file'): LocalReplay {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ code: 'not_a_save', detail: 'it is not JSON' });
  }
  const claimed = isRecord(json) ? claimedRulesVersion(json.events) : null;
  if (claimed !== null && claimed !== RULES_VERSION) return refuse({ code: 'rules_version', recorded: claimed });
  const save = saveFileSchema.safeParse(json);
  if (save.success) return replayOfLog(save.data.events as LobbyEvent[], save.data.name || fileName);
  if (serializedGameSchema.safeParse(json).success) return refuse({ code: 'no_log' });
  const issue = save.error.issues[0];
  return refuse({
    code: 'not_a_save',
    detail: issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'it does not match the save format',
  });
}

/** The offline game on this device: the one in memory, else the autosaved one (after a reload). */
export async function replayOfCurrentGame(): Promise<LocalReplay> {
  const session = sessionStore.get();
  // The session's log is one growing array: the replay keeps a copy of it as it is now.
  if (session && !session.online) return replayOfLog([...session.snapshot.events], session.name || 'The current game');
  const autosave = typeof indexedDB === 'undefined' ? undefined : await getSave(AUTOSAVE_ID);
  return autosave ? replayOfLog(autosave.events, 'The current game') : refuse({ code: 'no_game' });
}

/** A save of this browser. */
export async function replayOfSave(id: string): Promise<LocalReplay> {
  const record = await getSave(id);
  return record ? replayOfLog(record.events, record.name) : refuse({ code: 'no_save' });
}
