/** Route /quick-match (ARCHITECTURE §7.1): lobby/QuickMatchPage.tsx. */
import { createFileRoute } from '@tanstack/react-router';
import { QuickMatchPage } from '../../lobby/QuickMatchPage';

/** /quick-match: "Play online now" — pick 2 or 4 players and a map size, and wait for a game (PROTOCOL §4.7). */
export const Route = createFileRoute('/_default/quick-match')({
  component: QuickMatchPage,
});
