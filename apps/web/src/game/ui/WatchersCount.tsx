/** "3 watching": a count of spectators, the eye before it and the word on wide screens. */
import { Badge } from '@mantine/core';
// Mantine's styles for Badge (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { hint } from '../../app/hints';
import { EyeIcon } from './Icons';

export function WatchersCount({ count, label, testId }: { count: number; label: string; testId: string }) {
  return (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      radius="sm"
      leftSection={<EyeIcon size={14} />}
      data-testid={testId}
      aria-label={`${count} watching`}
      {...hint(label)}
    >
      {count}
      <span className="fb-wide-only">&nbsp;watching</span>
    </Badge>
  );
}
