/**
 * "Next unit": selects the next unit of yours that can still act and brings it into view (key N). Shows
 * how many can still act; disabled when none can, or when it is not your turn. Props only, so any layout
 * can place it (the game header on wide screens).
 */
import { Badge, Button } from '@mantine/core';
import '../../styles/mantine-more.css';
import { memo } from 'react';
import { hint } from '../../app/hints';

export interface NextUnitButtonProps {
  /** How many units can still move or attack (`actableUnits`). */
  readonly count: number;
  readonly onClick: () => void;
  readonly disabled: boolean;
}

export const NextUnitButton = memo(function NextUnitButton({ count, onClick, disabled }: NextUnitButtonProps) {
  const label = count === 0 ? 'No unit can act' : `${count} ${count === 1 ? 'unit' : 'units'} can still act`;
  return (
    <Button
      variant="default"
      onClick={onClick}
      disabled={disabled}
      data-testid="next-unit"
      data-count={count}
      aria-label={`Next unit (${label.toLowerCase()})`}
      rightSection={
        <Badge size="sm" circle variant={disabled ? 'default' : 'filled'} color="gray" aria-hidden>
          {count}
        </Badge>
      }
      {...hint(`${label}: select the next one`, { key: 'N' })}
    >
      Next unit
    </Button>
  );
});
