import { DIFFICULTIES } from '@four-banners/engine';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { BOT_SPEEDS, settingsStore } from '../../app/settings';
import { defaultSeats } from '../../game/seats';
import { clampSide, startOfflineGame, updateSetup } from '../../game/setup-store';
import { useLobby } from '../../online/lobby-store';
import { OfflineLobby } from './-components/OfflineLobby';
import { OnlineLobby } from './-components/OnlineLobby';
import { QuickWaiting } from './-components/QuickWaiting';

/**
 * Quick start for links, tests and the bench: `/lobby?start=1&w=8&h=8&bots=1&difficulty=hard&speed=instant`
 * sets the lobby up and starts at once.
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
    if (!search.start) return;
    const seats = defaultSeats(settingsStore.get().playerName).map((s, i) =>
      i === 0
        ? s
        : i <= (search.bots ?? 3)
          ? { ...s, difficulty: search.difficulty ?? 'easy' }
          : { ...s, kind: 'empty' as const },
    );
    const patch = {
      seats,
      ...(search.w ? { w: clampSide(search.w) } : {}),
      ...(search.h ? { h: clampSide(search.h) } : {}),
      ...(search.seed !== undefined ? { seed: search.seed } : {}),
    };
    updateSetup(patch);
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
