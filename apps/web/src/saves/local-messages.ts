/** What the local replay pages say when there is nothing to replay (one sentence per reason). */
import { RULES_VERSION } from '@four-banners/engine';
import type { LocalReplayProblem } from './local-sources';

export interface ProblemText {
  readonly title: string;
  readonly text: string;
}

/** The title and explanation of `problem`, in the player's words. */
export function explainLocalProblem(problem: LocalReplayProblem): ProblemText {
  switch (problem.code) {
    case 'rules_version':
      return {
        title: 'Recorded under other rules',
        text: `This game was recorded with rules version ${problem.recorded}; this app plays version ${RULES_VERSION}, so it cannot be replayed faithfully.`,
      };
    case 'no_log':
      return {
        title: 'Nothing to replay in this file',
        text: 'This file holds a bare saved game: the board at one moment, without the moves that led there, so there is nothing to replay. Import it on the saves screen to play on from that moment.',
      };
    case 'not_a_save':
      return { title: 'Not a Four Banners save', text: `That file is not a Four Banners save (${problem.detail}).` };
    case 'no_game':
      return {
        title: 'No game to replay',
        text: 'There is no offline game on this device right now. Saved games can be watched from the saves screen.',
      };
    case 'no_save':
      return {
        title: 'This save is gone',
        text: 'This browser has no such save; it may have been deleted. The saves screen lists the ones kept here.',
      };
    case 'file_gone':
      return {
        title: 'The file is no longer open',
        text: 'An opened replay file is kept only while the page is open, and the page has been reloaded since. Choose the file again to watch it.',
      };
  }
}
