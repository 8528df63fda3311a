/** Tests of the fight card (game/ui/FightCard.tsx) on the fights of a real bot game. */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { FightView } from '../action-view';
import { fightSentence, partsText } from '../fight-words';
import { createReplay } from '../../replay/replay-model';
import { botGameLog } from '../../../test/fixtures/bot-game-logs';
import { theme } from '../../theme';
import { FightCard } from './FightCard';

const fights = createReplay(botGameLog({ countries: 3, w: 8, h: 8, difficulty: 'normal', seed: 11 })).fights;
const [first, second] = fights as [FightView, FightView];
const sentence = (f: FightView) => partsText(fightSentence(f));

/** The card in a profiler: `commits()` counts the renders React committed. */
function renderCard(card: ReactNode) {
  let commits = 0;
  const wrap = (node: ReactNode) => (
    <MantineProvider theme={theme}>
      <Profiler id="card" onRender={() => commits++}>
        {node}
      </Profiler>
    </MantineProvider>
  );
  const view = render(wrap(card));
  return {
    commits: () => commits,
    show: (next: ReactNode) => {
      commits = 0;
      view.rerender(wrap(next));
    },
  };
}

describe('the fight card', () => {
  it('has two fights to show', () => {
    expect(fights.length).toBeGreaterThanOrEqual(2);
  });

  it("in a replay, shows a fight's result from its first render and rewrites the same card for the next fight in one render, with no rise-in", () => {
    const card = renderCard(<FightCard fight={first} roll={false} holdMs={60_000} />);
    const shown = screen.getByTestId('fight-card');
    expect(shown.dataset.phase).toBe('result');
    expect(shown.dataset.sentence).toBe(sentence(first));
    expect(shown.classList.contains('fb-fight-rise')).toBe(false);

    card.show(<FightCard fight={second} roll={false} holdMs={60_000} />);
    expect(card.commits()).toBe(1);
    expect(screen.getByTestId('fight-card')).toBe(shown);
    expect(shown.dataset.sentence).toBe(sentence(second));
  });

  it('in the live game, each fight is a new card that rises in and rolls its dice first', () => {
    const card = renderCard(<FightCard fight={first} />);
    const shown = screen.getByTestId('fight-card');
    expect(shown.dataset.phase).toBe('rolling');
    expect(shown.classList.contains('fb-fight-rise')).toBe(true);

    card.show(<FightCard fight={second} />);
    const next = screen.getByTestId('fight-card');
    expect(next).not.toBe(shown);
    expect(next.dataset.phase).toBe('rolling');
  });

  it('stays up when the game has no fight to show any more, until its hold ends', () => {
    const card = renderCard(<FightCard fight={first} roll={false} holdMs={60_000} />);
    card.show(<FightCard fight={null} roll={false} holdMs={60_000} />);
    expect(screen.getByTestId('fight-card').dataset.sentence).toBe(sentence(first));
  });
});
