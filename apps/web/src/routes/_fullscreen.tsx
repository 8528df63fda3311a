import { Outlet, createFileRoute } from '@tanstack/react-router';

/** Full-screen layout: main menu, lobby preview and the game fill the window. */
export const Route = createFileRoute('/_fullscreen')({
  component: () => (
    <div className="fb-fullscreen">
      <Outlet />
    </div>
  ),
});
