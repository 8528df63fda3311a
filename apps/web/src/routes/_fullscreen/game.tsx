/** Route /game (ARCHITECTURE §7.1): the board and the game being played (game/ui/GameScreen.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { BOT_SPEEDS } from '../../app/settings';
import { GameScreen } from '../../game/ui/GameScreen';

/** `?speed=` overrides the bot pace for this visit (tests, the bench, impatient players). */
const searchSchema = z.object({ speed: z.optional(z.enum(BOT_SPEEDS)) });

export const Route = createFileRoute('/_fullscreen/game')({
  validateSearch: searchSchema,
  component: GameScreen,
});
