/**
 * Builds the prerendered first screen (`shell.ts`) from the app's own components, in Node at build time
 * (the `firstScreenShell` plugin of vite.config.ts): the main menu as `/main-menu` draws it for a new
 * player, and the tutorial's first page over it. Never part of the app's bundle.
 */
import { MantineProvider } from '@mantine/core';
import { RouterContextProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { setBoardRenderer } from './board/renderer';
import { TutorialModal, TutorialPageView } from './modals/TutorialModal';
import { TUTORIAL_PAGES } from './modals/TutorialPages';
import { MainMenu } from './menu/MainMenu';
import { theme } from './theme';
import { SHELL_ID, pageTemplateId, shellPartId } from './first-screen/shell';

/** The app's theme, with dialogs drawn in place: a portal only fills in after mounting, never on the server. */
const shellTheme = {
  ...theme,
  components: {
    ...theme.components,
    Modal: { defaultProps: { ...theme.components?.Modal?.defaultProps, withinPortal: false } },
  },
};

/** A router for the menu's links to build their addresses with; it never navigates. */
const linkRouter = () =>
  createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/main-menu'] }) });

/**
 * The picture's HTML. Test ids are left out: tests and tools address the app's elements, never the
 * picture. Ids get their own prefix, so none equals one the app makes.
 */
export function renderFirstScreen(): string {
  setBoardRenderer('canvas');
  const html = renderToString(
    <div id={SHELL_ID}>
      <MantineProvider theme={shellTheme} defaultColorScheme="dark" forceColorScheme="dark">
        <RouterContextProvider router={linkRouter()}>
          <div id={shellPartId('menu')} data-shell-part className="fb-fullscreen">
            <MainMenu />
          </div>
          <div id={shellPartId('tutorial')} data-shell-part>
            <TutorialModal opened onClose={() => undefined} />
            {TUTORIAL_PAGES.map(({ title }, page) => (
              <template key={title} id={pageTemplateId(page)}>
                <TutorialPageView page={page} />
              </template>
            ))}
          </div>
        </RouterContextProvider>
      </MantineProvider>
    </div>,
    { identifierPrefix: `${SHELL_ID}-` },
  );
  return html.replace(/ data-testid="[^"]*"/g, '');
}
