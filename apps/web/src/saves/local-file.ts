/**
 * The replay file the player opened (file chooser or drop): read once, kept in memory only. Nothing is
 * stored, so a reload forgets it and the replay page asks for the file again.
 */
import { createStore, useStore } from '../app/store';
import { replayOfSaveText, type LocalReplay } from './local-sources';

export interface OpenedReplayFile {
  /** Counts the files opened since the page loaded (a new file, a new viewer). */
  readonly id: number;
  readonly replay: LocalReplay;
}

export const openedReplayFileStore = createStore<OpenedReplayFile | null>(null);
let opens = 0;

/** Reads `file` into the store (a file that cannot be replayed is kept too, with its reason). */
export async function openReplayFile(file: Pick<File, 'name' | 'text'>): Promise<OpenedReplayFile> {
  let replay: LocalReplay;
  try {
    replay = replayOfSaveText(await file.text(), file.name.replace(/\.json$/i, ''));
  } catch {
    replay = { ok: false, problem: { code: 'not_a_save', detail: 'the browser could not read it' } };
  }
  const opened: OpenedReplayFile = { id: ++opens, replay };
  openedReplayFileStore.set(opened);
  return opened;
}

/** The opened file, or null when none was opened since the page loaded. */
export function useOpenedReplayFile(): OpenedReplayFile | null {
  return useStore(openedReplayFileStore);
}
