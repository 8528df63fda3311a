/** "3 watching": how many spectators follow the player's online lobby (nothing when nobody does). */
import { WatchersCount } from './WatchersCount';
import { useLobby } from '../../online/lobby-store';

export function WatchersBadge() {
  const count = useLobby((l) => (l.online ? l.watchers : 0));
  if (count === 0) return null;
  return <WatchersCount count={count} label="People watching this game live (they see no chat)" testId="watchers" />;
}
