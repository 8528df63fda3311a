/** The app, started by start.ts once the first frame is drawn (its styles are there). */
import './csp';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setStatus } from './app/app-state';
import { installDebugHandle } from './debug-handle';
import { readSeatedLobby } from './online/identity';
import { OnlineLinkProvider, createOnlineLink } from './online/online-link';
import { queryClient, router } from './router';
import { restoreAutosave, startAutosave } from './saves/autosave';
import { theme } from './theme';

/** The app's way to online play: its one online client is made (and its code loaded) on first use. */
const online = createOnlineLink(() =>
  Promise.all([import('./online/online-client'), import('./online/lobby-actions')]).then(
    ([{ OnlineClient }, { followOutcome }]) =>
      new OnlineClient({
        // The lost-connection dialog must be at hand when the network is gone: fetch its code now.
        onConnect: () => void import('./modals/GlobalModals').catch(() => undefined),
        // What the client reports (left, entered, the game on the board, a refusal) leads where lobby-actions.ts says.
        onOutcome: followOutcome,
      }),
  ),
);

installDebugHandle();
// Continue the game a reload interrupted, then keep saving the one in progress.
setStatus('loading');
void restoreAutosave().finally(() => {
  setStatus('ready');
  startAutosave();
  // A reload while seated in an online lobby reconnects (the stored identity keeps the seat).
  if (readSeatedLobby()) void online.client().then((client) => client.resume());
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <OnlineLinkProvider value={online}>
          <RouterProvider router={router} />
        </OnlineLinkProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
