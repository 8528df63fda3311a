/**
 * How the app reaches online play: one `OnlineLink`, made in main.tsx and handed down by
 * `OnlineLinkProvider` (components call `useOnline()`). It makes the app's one `OnlineClient` on first
 * use, loading it (and socket.io) only then, so offline play never downloads them.
 */
import { createContext, useContext } from 'react';
import type { OnlineClient } from './online-client';

export interface OnlineLink {
  /** The app's online client, made (and its code loaded) on the first call. */
  readonly client: () => Promise<OnlineClient>;
}

/** A link that makes its client with `make`, once. */
export function createOnlineLink(make: () => Promise<OnlineClient>): OnlineLink {
  let made: Promise<OnlineClient> | null = null;
  return {
    client: () =>
      (made ??= make().catch((e: unknown) => {
        // A failed load (the network dropped) is tried again on the next call.
        made = null;
        throw e;
      })),
  };
}

const OnlineLinkContext = createContext<OnlineLink | null>(null);

/** Hands the app's link to the components below it. */
export const OnlineLinkProvider = OnlineLinkContext.Provider;

/** The app's link to online play (from the nearest `OnlineLinkProvider`). */
export function useOnline(): OnlineLink {
  const link = useContext(OnlineLinkContext);
  if (!link) throw new Error('useOnline() needs an OnlineLinkProvider above it (main.tsx makes one).');
  return link;
}
