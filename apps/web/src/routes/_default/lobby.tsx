/** Route /lobby (ARCHITECTURE §7.1): the online lobby, a quick match's waiting view, or the offline setup (lobby/). */
import { DIFFICULTIES } from '@four-banners/engine';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { BOT_SPEEDS, settingsStore } from '../../app/settings';
import { defaultSeats } from '../../game/seats';
import { clampSide, startOfflineGame, updateSetup } from '../../game/setup-store';
import { useLobby } from '../../online/lobby-store';
import { OfflineLobby } from '../../lobby/OfflineLobby';
import { OnlineLobby } from '../../lobby/OnlineLobby';
import { QuickWaiting } from '../../lobby/QuickWaiting';

/**
 * Links, tests and the bench set the offline lobby up from the address: `/lobby?w=32&h=32&seed=7` opens it
 * with that map, and `/lobby?start=1&w=8&h=8&bots=1&difficulty=hard&speed=instant` starts at once.
 */
const int = (min: number, max: number) => z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)));
const searchSchema = z.object({
  start: z.optional(z.coerce.boolean()),
  w: int(1, 256),
  h: int(1, 256),
  seed: int(0, 2 ** 32 - 1),
  bots: int(1, 3),
  difficulty: z.optional(z.enum(DIFFICULTIES)),
  speed: z.optional(z.enum(BOT_SPEEDS)),
});

export const Route = createFileRoute('/_default/lobby')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    const { start, w, h, seed, bots, difficulty } = search;
    if (!start && !w && !h && seed === undefined && !bots && !difficulty) return;
    const seats =
      start || bots || difficulty
        ? defaultSeats(settingsStore.get().playerName).map((s, i) =>
            i === 0
              ? s
              : i <= (bots ?? 3)
                ? { ...s, difficulty: difficulty ?? 'easy' }
                : { ...s, kind: 'empty' as const },
          )
        : undefined;
    const patch = {
      ...(seats ? { seats } : {}),
      ...(w ? { w: clampSide(w) } : {}),
      ...(h ? { h: clampSide(h) } : {}),
      ...(seed !== undefined ? { seed } : {}),
    };
    updateSetup(patch);
    if (!start) return;
    startOfflineGame();
    throw redirect({ to: '/game', search: search.speed ? { speed: search.speed } : {}, replace: true });
  },
  component: LobbyPage,
});

/** /lobby: the online lobby while this device sits in one (a waiting quick match: its waiting view), else the offline setup. */
function LobbyPage() {
  const online = useLobby((l) => l.online && l.lobby !== null);
  const waiting = useLobby((l) => (l.online && l.lobby?.settings.quick && !l.lobby.game.running ? l.lobby : null));
  const me = useLobby((l) => l.playerId);
  if (waiting) return <QuickWaiting lobby={waiting} me={me} />;
  return online ? <OnlineLobby /> : <OfflineLobby />;
}
