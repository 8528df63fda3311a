/** The map's keys (ARCHITECTURE §7.10: play with keys alone). */
import type { Pos } from '@four-banners/engine';
import { useEffect, useRef, type RefObject } from 'react';
import { appStore, setDialog } from '../../app/app-state';
import { askToPass } from './pass-turn';
import type { Store } from '../../app/store';
import type { BoardHandle } from '../../board/Board';
import type { GameSession } from '../session';

const anyDialogOpen = () => Object.values(appStore.get().dialogs).some(Boolean);

export interface GameKeysOptions {
  readonly session: GameSession | null;
  /** The hovered tile doubles as the keyboard cursor. */
  readonly hover: Store<Pos | null>;
  readonly board: RefObject<BoardHandle | null>;
  readonly onTileClick: (pos: Pos) => void;
  readonly deselect: () => void;
  /** Selects the next unit that can still act (N). */
  readonly nextUnit: () => void;
}

export function useGameKeys({ session, hover, board, onTileClick, deselect, nextUnit }: GameKeysOptions): void {
  // The latest handlers, for a key listener installed once per session.
  const clickRef = useRef(onTileClick);
  clickRef.current = onTileClick;
  const deselectRef = useRef(deselect);
  deselectRef.current = deselect;
  const nextUnitRef = useRef(nextUnit);
  nextUnitRef.current = nextUnit;

  // Keys: arrows move a tile cursor, Space acts on it (or skips the bots), N selects the next unit that
  // can act, Enter passes the turn (asking first when something is left), Esc deselects, Shift+arrows or
  // WASD pan, +/- zoom, F fits. None while a dialog or a field has focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the board is read through its ref when a key is pressed, never captured
  useEffect(() => {
    const moveCursor = (dx: number, dy: number) => {
      const g = session?.snapshot.lobby.game;
      if (!g) return;
      let p = hover.get();
      if (!p) {
        const me = session?.snapshot.active;
        const unit = me != null ? g.tiles.find((t) => t.unit?.id === me) : undefined;
        p = unit?.pos ?? { x: Math.floor(g.width / 2), y: Math.floor(g.height / 2) };
      } else {
        p = { x: Math.min(g.width - 1, Math.max(0, p.x + dx)), y: Math.min(g.height - 1, Math.max(0, p.y + dy)) };
      }
      hover.set(p);
      board.current?.reveal(p);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || anyDialogOpen()) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      // A focused button or link keeps its own Enter and Space.
      if (t && ['BUTTON', 'A'].includes(t.tagName) && (e.key === 'Enter' || e.key === ' ')) return;
      const b = board.current;
      const pan = (dx: number, dy: number) => b?.panBy(dx, dy);
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [-1, 0],
        ArrowRight: [1, 0],
        ArrowUp: [0, -1],
        ArrowDown: [0, 1],
      };
      const wasd: Record<string, [number, number]> = { a: [-1, 0], d: [1, 0], w: [0, -1], s: [0, 1] };
      const arrow = arrows[e.key];
      const handled = (() => {
        if (arrow) {
          if (e.shiftKey) pan(-arrow[0] * 80, -arrow[1] * 80);
          else moveCursor(arrow[0], arrow[1]);
          return true;
        }
        const w = wasd[e.key.toLowerCase()];
        if (w) {
          pan(-w[0] * 80, -w[1] * 80);
          return true;
        }
        switch (e.key) {
          case 'Enter':
            askToPass(session);
            return true;
          case 'n':
          case 'N':
            nextUnitRef.current();
            return true;
          case 'Escape':
            deselectRef.current();
            return true;
          case '+':
          case '=':
            b?.zoomBy(1.25);
            return true;
          case '-':
          case '_':
            b?.zoomBy(0.8);
            return true;
          case 'f':
          case 'F':
          case '0':
            b?.fit();
            return true;
          case ' ': {
            if (session?.snapshot.botTurn != null) session.skipBots();
            else {
              const p = hover.get();
              if (p) clickRef.current(p);
            }
            return true;
          }
          case '?':
          case 'h':
            setDialog('tutorial', true);
            return true;
          default:
            return false;
        }
      })();
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, hover]);
}
