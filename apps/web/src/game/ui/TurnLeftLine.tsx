/**
 * The phone tray's quiet line on your turn (ARCHITECTURE §7.11): what is left to do, in words, beside the
 * Next unit button; or that nothing is, so the turn can be passed.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { nothingLeft, turnLeftWords, type TurnLeft } from '../next-unit';

export function TurnLeftLine({ left, nextUnit }: { left: TurnLeft; nextUnit: ReactNode }) {
  const done = nothingLeft(left);
  return (
    <Group className="fb-turn-left" gap="sm" wrap="nowrap" justify="space-between" data-testid="turn-left">
      <Text size="sm" lh={1.3} c={done ? 'dimmed' : undefined}>
        {done ? 'Nothing left to do: pass the turn when you are ready.' : `Your move: ${turnLeftWords(left)}.`}
      </Text>
      {left.move + left.attack > 0 ? nextUnit : null}
    </Group>
  );
}
