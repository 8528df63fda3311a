/** Tests of the tutorial dialog (modals/TutorialModal.tsx): its pages and how it pages through them. */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { TutorialModal } from './TutorialModal';
import { TUTORIAL_PAGES } from './TutorialPages';

const renderTutorial = (onClose = vi.fn()) =>
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <TutorialModal opened onClose={onClose} />
    </MantineProvider>,
  );

describe('tutorial dialog', () => {
  it('has the seven pages of ARCHITECTURE §7.3 in order', () => {
    expect(TUTORIAL_PAGES.map((p) => p.title)).toEqual([
      'Welcome',
      'Movement',
      'Attacking',
      'Bonuses',
      'Turns',
      'How To Win',
      'Enjoy',
    ]);
  });

  it('Previous is disabled on page 1 and enabled after it', () => {
    renderTutorial();
    expect(screen.getByTestId('tutorial-title').textContent).toBe('Welcome');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('tutorial-title').textContent).toBe('Movement');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId('tutorial-title').textContent).toBe('Welcome');
  });

  it('the last page\'s Next reads "Let\'s Go!" and closes the tutorial', () => {
    const onClose = vi.fn();
    renderTutorial(onClose);
    for (let i = 0; i < 6; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('tutorial-title').textContent).toBe('Enjoy');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go!" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('teaches the basic rules: moves, attacks, banners, chests, conquest and winning', () => {
    renderTutorial();
    const text: string[] = [];
    for (let i = 0; i < 7; i++) {
      text.push(document.querySelector('.fb-tutorial-body')!.textContent!);
      if (i < 6) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    const all = text.join(' ');
    for (const phrase of [
      'once per turn',
      '8 directions',
      'cannot move after attacking',
      'power is the dice roll plus the modifier',
      'All players get 1 banner',
      'chest appears on a random tile',
      'first unit there gets 1 banner',
      'white banner tiles',
      'Staying on enemy tiles conquers them',
      'Win by destroying all enemies',
    ]) {
      expect(all).toContain(phrase);
    }
  });
});
