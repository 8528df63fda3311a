/** /replay/$gameId: an online game (finished or still running), fetched from the server's public API. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { gameLogQueryOptions } from '../../online/game-queries';
import { ReplayViewer } from './ReplayViewer';

const ALL_REPLAYS = { label: 'All replays', to: '/saves', search: { tab: 'replays' } } as const;

export function ReplayScreen() {
  const { gameId } = useParams({ from: '/_fullscreen/replay/$gameId' });
  const { data: events } = useSuspenseQuery(gameLogQueryOptions(gameId));
  return <ReplayViewer events={events} back={ALL_REPLAYS} />;
}
