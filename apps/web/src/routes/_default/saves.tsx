import { createFileRoute } from '@tanstack/react-router';
import { savesQueryOptions } from '../../saves/queries';
import { SavesPage } from './-components/SavesPage';

export const Route = createFileRoute('/_default/saves')({
  loader: ({ context }) => context.queryClient.ensureQueryData(savesQueryOptions()),
  component: SavesPage,
});
