/** Tests of the replay viewer (replay/ui/ReplayViewer.tsx), live and on finished games. */
import type { LobbyEvent, PlayableCountry } from '@four-banners/engine';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { createReplay, FOLD_AT_ONCE } from '../replay-model';
import { parseReplaySearch } from '../search';
import { botGameLog } from '../../../test/fixtures/bot-game-logs';
import { theme } from '../../theme';
import type { ReplayLive } from './ReplayHeader';
import { ReplayViewer } from './ReplayViewer';

// jsdom has no scrolling; the router restores scroll on every navigation.
window.scrollTo = () => {};

const game = botGameLog({ countries: 3, w: 8, h: 8, difficulty: 'normal', seed: 11 });

interface ViewerProps {
  readonly events: readonly LobbyEvent[];
  readonly live?: ReplayLive;
  readonly follow?: boolean;
  readonly aside?: ComponentProps<typeof ReplayViewer>['aside'];
}

/** The viewer on a real (memory-history) router at `url`; `update` changes its props like a parent would. */
async function renderViewer(initial: ViewerProps, url = '/watch') {
  let update: (p: ViewerProps) => void = () => {};
  // biome-ignore lint/correctness/noComponentHookFactories: a test's parent component, made per render call to hand its setter out
  function Parent() {
    const [props, setProps] = useState(initial);
    update = setProps;
    return (
      <ReplayViewer
        events={props.events}
        live={props.live}
        follow={props.follow}
        aside={props.aside}
        back={{ label: 'All replays', to: '/watch' }}
      />
    );
  }
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/watch',
    validateSearch: parseReplaySearch,
    component: Parent,
    errorComponent: ({ error }) => <p data-testid="replay-error">{String(error)}</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const viewer = await screen.findByTestId('replay');
  return { viewer, router, update: (p: ViewerProps) => act(() => update(p)) };
}

const seqOf = (el: HTMLElement) => Number(el.getAttribute('data-seq'));

describe('the replay viewer, live (a game being watched)', () => {
  it('opens at the newest event and follows new ones; stepped back it stays, and Back to live returns', async () => {
    const live = { watchers: 3, connected: true };
    const { viewer, update } = await renderViewer({ events: game.slice(0, 200), live });
    expect(seqOf(viewer)).toBe(200);
    expect(viewer.getAttribute('data-live')).toBe('following');
    expect(screen.getByTestId('replay-live').textContent).toContain('Live');
    expect(screen.getByTestId('replay-watchers').getAttribute('aria-label')).toBe('3 watching');

    update({ events: game.slice(0, 230), live });
    expect(seqOf(viewer)).toBe(230);

    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowLeft' }));
    expect(seqOf(viewer)).toBe(229);
    expect(viewer.getAttribute('data-live')).toBe('behind');
    update({ events: game.slice(0, 260), live: { watchers: 4, connected: true } });
    expect(seqOf(viewer)).toBe(229);
    expect(screen.getByTestId('replay-watchers').getAttribute('aria-label')).toBe('4 watching');

    act(() => void fireEvent.click(screen.getByTestId('replay-back-to-live')));
    expect(seqOf(viewer)).toBe(260);
    expect(viewer.getAttribute('data-live')).toBe('following');
    update({ events: game.slice(0, 270), live });
    expect(seqOf(viewer)).toBe(270);
  });

  it('says when the connection is lost, and stops being live when the game ends', async () => {
    const { viewer, update } = await renderViewer({
      events: game.slice(0, 100),
      live: { watchers: 1, connected: false },
    });
    expect(screen.getByTestId('replay-reconnecting').textContent).toBe('Reconnecting…');
    update({ events: game, live: undefined });
    expect(viewer.getAttribute('data-live')).toBeNull();
    expect(screen.getByTestId('replay-badge').textContent).toMatch(/^Replay · turn \d+$/);
    expect(screen.queryByTestId('replay-reconnecting')).toBeNull();
  });

  it('a lobby watched before its game starts moves to the start once it comes', async () => {
    const firstAction = game.findIndex((e) => e.kind === 'game-action');
    const live = { watchers: 1, connected: true };
    const { viewer, update } = await renderViewer({ events: game.slice(0, firstAction), live });
    expect(seqOf(viewer)).toBe(firstAction);
    expect(screen.getByTestId('replay-position').textContent).toContain('the game has not started');
    update({ events: game.slice(0, firstAction + 1), live });
    expect(seqOf(viewer)).toBe(firstAction + 1);
    expect(viewer.getAttribute('data-turn')).toBe('1');
    expect(screen.getByTestId('replay-event').textContent).toMatch(/^Game started · Turn 1: Green's turn/);
  });
});

describe('the replay viewer, finished games', () => {
  it('a link it does not understand opens at the start with a note that can be dismissed', async () => {
    const { viewer } = await renderViewer({ events: game }, '/watch?seq=abc');
    const start = game.findIndex((e) => e.kind === 'game-action') + 1;
    expect(seqOf(viewer)).toBe(start);
    const note = screen.getByTestId('replay-link-note');
    expect(note.textContent).toContain("That link's position was not understood; showing the start.");
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    expect(screen.queryByTestId('replay-link-note')).toBeNull();
  });

  it('?turn= opens at that turn’s start and the address then names its seq', async () => {
    const { viewer, router } = await renderViewer({ events: game }, '/watch?turn=6');
    expect(viewer.getAttribute('data-turn')).toMatch(/^(6|7)$/);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(router.state.location.search).toEqual({ seq: seqOf(viewer) });
  });

  it('a link followed within the app moves the open viewer there, in the same render as the address', async () => {
    const { viewer, router } = await renderViewer({ events: game }, '/watch');
    for (const seq of [40, 120, 40]) {
      await act(() => router.navigate({ to: '/watch' as never, search: { seq } as never }));
      expect(seqOf(viewer)).toBe(seq);
    }
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    expect(seqOf(viewer)).toBe(41);
  });

  it('a step forward plays the move (the unit slides in, the ring fades); a seek or a step back lands on it still', async () => {
    const replay = createReplay(game);
    const moves = [...Array(replay.endSeq).keys()]
      .map((i) => i + 1)
      .filter((seq) => seq > replay.startSeq + 1 && replay.frameAt(seq).move?.kind === 'move');
    const [a, b] = [moves[3]!, moves[10]!];
    const { viewer, router } = await renderViewer({ events: game }, `/watch?seq=${a - 1}`);
    const marks = () => viewer.querySelector('.fb-marks')!;
    const slides = () => viewer.querySelectorAll('.fb-arrive').length;

    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    expect(seqOf(viewer)).toBe(a);
    expect(marks().classList.contains('fb-still')).toBe(false);
    expect(marks().querySelector('.fb-ping')).not.toBeNull();
    expect(slides()).toBe(1);
    // The side column catching up a frame later does not stop the move halfway.
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(marks().classList.contains('fb-still')).toBe(false);

    await act(() => router.navigate({ to: '/watch' as never, search: { seq: b } as never }));
    expect(seqOf(viewer)).toBe(b);
    expect(marks().classList.contains('fb-still')).toBe(true);
    expect(marks().querySelector('.fb-ping')).not.toBeNull();
    expect(slides()).toBe(0);

    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowLeft' }));
    expect(seqOf(viewer)).toBe(b);
    expect(marks().classList.contains('fb-still')).toBe(true);
    expect(slides()).toBe(0);
  });

  it('one turn forward and back with the buttons, and the position in words; the turn field follows a frame later', async () => {
    const { viewer } = await renderViewer({ events: game }, '/watch');
    const field = () => (screen.getByTestId('replay-turn-input') as HTMLInputElement).value;
    expect(viewer.getAttribute('data-turn')).toBe('1');
    act(() => void fireEvent.click(screen.getByTestId('replay-turn-forward')));
    expect(viewer.getAttribute('data-turn')).toBe('2');
    // The step's own render leaves the field be (ARCHITECTURE §7.14); it catches up after the next frame.
    expect(field()).toBe('1');
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(field()).toBe('2');
    act(() => void fireEvent.click(screen.getByTestId('replay-turn-forward')));
    expect(viewer.getAttribute('data-turn')).toBe('3');
    expect(screen.getByTestId('replay-position').textContent).toMatch(
      new RegExp(`^Event ${seqOf(viewer)} of ${game.length} · Turn 3 of \\d+$`),
    );
    act(() => void fireEvent.click(screen.getByTestId('replay-turn-back')));
    expect(viewer.getAttribute('data-turn')).toBe('2');
  });
});

describe('the replay viewer on a long game (ARCHITECTURE §7.8)', () => {
  // About 3,900 events: more than the viewer folds before it shows the board.
  const long = botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'easy', seed: 7 });
  const lastTurn = createReplay(long).lastTurn;

  it('shows the start at once; the last turn and the chart follow once the whole log is read', async () => {
    expect(long.length).toBeGreaterThan(FOLD_AT_ONCE);
    const { viewer } = await renderViewer({ events: long }, '/watch');
    const position = screen.getByTestId('replay-position');
    expect(position.textContent).toMatch(/ · Turn 1 of …$/);
    expect(screen.getByTestId('replay-chart-pending')).toBeTruthy();
    // Stepping works before the read is done.
    act(() => void fireEvent.click(screen.getByTestId('replay-turn-forward')));
    expect(viewer.getAttribute('data-turn')).toBe('2');
    await screen.findByTestId('replay-chart', undefined, { timeout: 10_000 });
    expect(screen.queryByTestId('replay-chart-pending')).toBeNull();
    expect(position.textContent).toMatch(
      new RegExp(`^Event ${seqOf(viewer)} of ${long.length.toLocaleString('en-US')} · Turn 2 of ${lastTurn}$`),
    );
    expect(screen.getByTestId('replay-turn-input').getAttribute('aria-label')).toBe(`Go to turn (1 to ${lastTurn})`);
  });

  it('an event the engine refuses late in the log shows the error page once the read reaches it', async () => {
    const bad = long.findIndex((e, i) => i > 3000 && e.kind === 'game-action' && e.payload.id === 'next_turn');
    const broken = long.map((e, i) =>
      i === bad && e.kind === 'game-action' && e.payload.id === 'next_turn'
        ? { ...e, payload: { ...e.payload, info: { country: ((e.payload.info.country + 1) % 4) as PlayableCountry } } }
        : e,
    );
    await renderViewer({ events: broken }, '/watch');
    const error = await screen.findByTestId('replay-error', undefined, { timeout: 10_000 });
    expect(error.textContent).toContain(`The log does not fold at seq ${broken[bad]!.seq}`);
  });
});

describe('the replay viewer with a side panel (the admin console)', () => {
  it('hands its panel the position, a seek and the fights; follow on jumps to new events, off stays', async () => {
    const live = { watchers: 0, connected: true };
    let seek: (seq: number) => void = () => {};
    const aside: ViewerProps['aside'] = (at) => {
      seek = at.seek;
      return (
        <div data-testid="panel" data-seq={at.seq}>
          {at.fights.length}
        </div>
      );
    };
    const { viewer, update } = await renderViewer({ events: game.slice(0, 200), live, follow: true, aside });
    expect(Number(screen.getByTestId('panel').getAttribute('data-seq'))).toBe(200);
    expect(Number(screen.getByTestId('panel').textContent)).toBeGreaterThan(0);

    act(() => seek(150));
    expect(seqOf(viewer)).toBe(150);
    expect(Number(screen.getByTestId('panel').getAttribute('data-seq'))).toBe(150);
    // Following: a new event moves the board to it even from an earlier position.
    update({ events: game.slice(0, 210), live, follow: true, aside });
    expect(seqOf(viewer)).toBe(210);

    // Not following: the board stays, even at the newest event.
    update({ events: game.slice(0, 220), live, follow: false, aside });
    expect(seqOf(viewer)).toBe(210);
  });
});
