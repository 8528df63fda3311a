/** "3 watching": how many spectators follow the player's online lobby (nothing when nobody does). */
import { Badge, Tooltip } from '@mantine/core';
// Mantine's styles for Badge, Tooltip (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useLobby } from '../online/lobby-store';
import { EyeIcon } from '../game-ui/icons';

export function WatchersBadge() {
  const count = useLobby((l) => (l.online ? l.watchers : 0));
  if (count === 0) return null;
  return (
    <Tooltip label="People watching this game live (they see no chat)" withArrow>
      <Badge
        variant="light"
        color="gray"
        size="lg"
        radius="sm"
        leftSection={<EyeIcon size={14} />}
        data-testid="watchers"
        aria-label={`${count} watching`}
      >
        {count}
        <span className="fb-wide-only">&nbsp;watching</span>
      </Badge>
    </Tooltip>
  );
}
