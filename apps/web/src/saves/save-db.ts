/** Saved games in IndexedDB (ARCHITECTURE §7.8): each save is a lobby log plus a little for the list. */
import type { LobbyEvent, PlayableCountry } from '@four-banners/engine';

export interface SaveRecord {
  readonly id: string;
  readonly name: string;
  /** ISO time of the save. */
  readonly savedAt: string;
  readonly turn: number;
  /** Countries still in the game, in turn order. */
  readonly countries: readonly PlayableCountry[];
  readonly events: readonly LobbyEvent[];
}

export type SaveSummary = Omit<SaveRecord, 'events'>;

const DB_NAME = 'four-banners';
const DB_VERSION = 1;
const STORE = 'saves';

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB failed to open'));
  }).catch((e: unknown) => {
    dbPromise = null;
    throw e;
  });
  return dbPromise;
}

function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = body(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB request failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

/** Every save, newest first, without their logs. */
export async function listSaves(): Promise<SaveSummary[]> {
  const all = await run<SaveRecord[]>('readonly', (s) => s.getAll() as IDBRequest<SaveRecord[]>);
  return all
    .filter((r) => r.id !== 'autosave')
    .map(({ events: _events, ...summary }) => summary)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function getSave(id: string): Promise<SaveRecord | undefined> {
  return run<SaveRecord | undefined>('readonly', (s) => s.get(id) as IDBRequest<SaveRecord | undefined>);
}

export async function putSave(record: SaveRecord): Promise<void> {
  await run('readwrite', (s) => s.put(record));
}

export async function deleteSave(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
}
