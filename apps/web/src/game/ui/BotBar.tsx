/** While bots play: who is moving, and a Skip button (Space) that plays the bots' turns at once. */
import { COUNTRY_COLOURS, playerOfCountry } from '@four-banners/engine';
import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { memo } from 'react';
import { countryLabel } from '../../art/art';
import { UnitIcon } from '../../art/Emblem';
import type { GameSession, SessionSnapshot } from '../session';
import { playerLabel, playerLabelColour } from '../seats';
import { SkipIcon } from './Icons';

export function BotBar({ session, snap }: { session: GameSession; snap: SessionSnapshot }) {
  const bot = snap.botTurn;
  if (bot === null) return null;
  const seat = playerOfCountry(snap.lobby, bot);
  return (
    <BotBarView
      session={session}
      bot={bot}
      seat={playerLabel(seat)}
      seatColour={playerLabelColour(seat)}
      away={seat?.away !== undefined}
    />
  );
}

/** The bar itself, with plain props: a bot's every step re-renders BotBar, and this only when the bot changes. */
const BotBarView = memo(function BotBarView({
  session,
  bot,
  seat,
  seatColour,
  away,
}: {
  session: GameSession;
  bot: number;
  seat: string;
  seatColour: string | undefined;
  away: boolean;
}) {
  return (
    <Paper className="fb-botbar" radius="xl" px="md" py={6} shadow="lg" withBorder data-testid="bot-bar">
      <Group gap="sm" wrap="nowrap">
        <UnitIcon country={bot} size={26} />
        <Text size="sm" fw={600} c={COUNTRY_COLOURS[bot]}>
          {countryLabel(bot)}
        </Text>
        {away ? (
          <Text size="sm" c="dimmed" visibleFrom="xs">
            A bot is playing for{' '}
            <Text span inherit fw={600}>
              {seat}
            </Text>
          </Text>
        ) : (
          <Text size="sm" c="dimmed" visibleFrom="xs">
            <Text span inherit fw={600} c={seatColour}>
              {seat}
            </Text>{' '}
            is playing
          </Text>
        )}
        <Loader size="xs" color="gray" />
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<SkipIcon />}
          onClick={() => session.skipBots()}
          data-testid="skip-bots"
        >
          Skip
        </Button>
      </Group>
    </Paper>
  );
});
