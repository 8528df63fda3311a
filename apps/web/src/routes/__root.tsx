/**
 * The root route: every screen, with the global dialogs, the app's effects, the toasts and the banned notice over it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppEffects } from './-components/AppEffects';
import { Toasts } from '../app/Toasts';
import { BannedNotice } from '../game/ui/BannedNotice';
import { ModalsHost } from '../modals/ModalsHost';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
});

function Root() {
  return (
    <>
      <Outlet />
      <ModalsHost />
      <AppEffects />
      <Toasts />
      <BannedNotice />
    </>
  );
}
