/** Tests of replay/steady-tiles.ts: tiles that did not change keep their objects across seeks. */
import { stateHash, type Tile } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { createReplay } from './replay-model';
import { steadyGame } from './steady-tiles';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

/** What the board draws of a tile. */
const looks = (t: Tile) => [t.owner, t.type, t.landmark, t.unit?.id, t.unit?.attacked, t.unit?.moved];

describe('steady tiles across seeks', () => {
  const log = botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'easy', seed: 13 });
  const replay = createReplay(log);

  it('keeps the shown tile objects where the tiles look the same, and changes nothing the game decides', () => {
    let shown = replay.frameAt(replay.startSeq).lobby.game;
    let x = 5;
    let kept = 0;
    for (let i = 0; i < 60; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const seq = replay.startSeq + (x % (replay.endSeq - replay.startSeq + 1));
      const frame = replay.frameAt(seq);
      const next = steadyGame(shown, frame.lobby.game);
      // Same game: the hash of the lobby with the steadied tiles equals the replay's.
      expect(stateHash({ ...frame.lobby, game: next })).toBe(replay.hashAt(seq));
      next.tiles.forEach((t, j) => {
        if (t === shown.tiles[j]) kept++;
        else expect(looks(t)).not.toEqual(looks(shown.tiles[j]!));
      });
      shown = next;
    }
    expect(kept).toBeGreaterThan(0);
  });

  it('a different map size is taken as it is', () => {
    const other = createReplay(botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'hard', seed: 7 }));
    const small = other.frameAt(other.endSeq).lobby.game;
    expect(steadyGame(replay.frameAt(replay.endSeq).lobby.game, small)).toBe(small);
    expect(steadyGame(null, small)).toBe(small);
  });
});
