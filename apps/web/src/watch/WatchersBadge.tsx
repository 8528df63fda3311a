/** "3 watching": how many spectators follow the player's online lobby (nothing when nobody does). */
import { Badge } from '@mantine/core';
// Mantine's styles for Badge (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { hint } from '../app/hints';
import { useLobby } from '../online/lobby-store';
import { EyeIcon } from '../game-ui/icons';

export function WatchersBadge() {
  const count = useLobby((l) => (l.online ? l.watchers : 0));
  if (count === 0) return null;
  return (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      radius="sm"
      leftSection={<EyeIcon size={14} />}
      data-testid="watchers"
      aria-label={`${count} watching`}
      {...hint('People watching this game live (they see no chat)')}
    >
      {count}
      <span className="fb-wide-only">&nbsp;watching</span>
    </Badge>
  );
}
