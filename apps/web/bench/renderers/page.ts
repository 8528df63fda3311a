/**
 * The renderers bench's page (renderers.bench.ts builds it with Vite and drives it). It folds the bench
 * log (log.json, written beside the page) with the engine, keeps the game states the driver asks for,
 * and times one board — `?r=canvas` (the product's Canvas 2D painter) or `?r=pixi` (PixiJS, WebGL), each
 * loaded on its own so the page fetches only that board's code. Every time ends at the frame painted after
 * the change: an animation frame, then a task queued from it (it runs after that frame's paint).
 */
import { applyEvent, type LobbyEvent, type LobbyState, type Tile } from '@four-banners/engine';
import { centredView, fitView, TILE, type View } from '../../src/board/geometry';
import type { BenchBoard, CreateBoard } from './boards';

export type Renderer = 'canvas' | 'pixi';
/** The fitted view shows the whole map; the zoomed one shows tiles `ZOOMED_TILE` CSS px wide around its middle. */
export type ViewKind = 'fitted' | 'zoomed';

const SIDE = 32;
const ZOOMED_TILE = 40;

const boards: Record<Renderer, () => Promise<{ createBoard: CreateBoard }>> = {
  canvas: () => import('./canvas-board'),
  pixi: () => import('./pixi-board'),
};

const states = new Map<number, readonly Tile[]>();
let board: BenchBoard | null = null;
let view: View = { x: 0, y: 0, s: 1 };

const afterFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

const stateAt = (seq: number) => {
  const tiles = states.get(seq);
  if (!tiles) throw new Error(`no state kept at seq ${seq}`);
  return tiles;
};

const drawn = () => {
  if (!board) throw new Error('no board yet: open() first');
  return board;
};

const api = {
  /** Folds the log and keeps the tiles at each of `seqs`. */
  async prepare(seqs: readonly number[]): Promise<number> {
    const events = (await (await fetch('./log.json')).json()) as LobbyEvent[];
    const wanted = new Set(seqs);
    let state: LobbyState | null = null;
    for (const event of events) {
      const r = applyEvent(state, event);
      if (!r.ok) throw new Error(`the bench log does not fold at seq ${event.seq}: ${r.error.message}`);
      state = r.value;
      if (wanted.has(event.seq)) states.set(event.seq, state.game.tiles);
    }
    return states.size;
  },

  /** Makes the board on the state at `seq` and times it to the frame after its first draw. */
  async open(
    renderer: Renderer,
    kind: ViewKind,
    seq: number,
  ): Promise<{ ms: number; setupMs: number; name: string; backend: string | null }> {
    const { createBoard } = await boards[renderer]();
    const width = window.innerWidth;
    const height = window.innerHeight;
    view =
      kind === 'fitted'
        ? fitView(SIDE, SIDE, width, height)
        : centredView({ x: SIDE / 2, y: SIDE / 2 }, ZOOMED_TILE / TILE, SIDE, SIDE, width, height);
    const host = document.getElementById('board')!;
    const tiles = stateAt(seq);
    await afterFrame();
    const t0 = performance.now();
    board = await createBoard({ host, width, height, cols: SIDE, rows: SIDE, view, tiles });
    const t1 = await afterFrame();
    return { ms: t1 - t0, setupMs: board.setupMs, name: board.name, backend: board.backend };
  },

  /** Shows each state of `seqs` in turn: the time to the frame after each, and the tiles drawn anew. */
  async seek(seqs: readonly number[]): Promise<{ ms: number[]; tiles: number[] }> {
    const b = drawn();
    const ms: number[] = [];
    const tiles: number[] = [];
    for (const seq of seqs) {
      const next = stateAt(seq);
      await afterFrame();
      const t0 = performance.now();
      tiles.push(b.show(next));
      ms.push((await afterFrame()) - t0);
    }
    return { ms, tiles };
  },

  /** From each of `seqs` (shown untimed) to the state one event later, timed as `seek`. */
  async step(seqs: readonly number[]): Promise<{ ms: number[]; tiles: number[] }> {
    const b = drawn();
    const ms: number[] = [];
    const tiles: number[] = [];
    for (const seq of seqs) {
      const next = stateAt(seq + 1);
      b.show(stateAt(seq));
      await afterFrame();
      const t0 = performance.now();
      tiles.push(b.show(next));
      ms.push((await afterFrame()) - t0);
    }
    return { ms, tiles };
  },

  /**
   * Moves the view once an animation frame for `frames` frames (a figure of eight around where it opened):
   * the time between frames, and the time each frame's move and draw took.
   */
  pan(frames: number): Promise<{ frame: number[]; work: number[] }> {
    const b = drawn();
    const start = view;
    const width = window.innerWidth;
    const height = window.innerHeight;
    return new Promise((done) => {
      const frame: number[] = [];
      const work: number[] = [];
      let last = 0;
      let n = 0;
      const tick = (t: number) => {
        if (last) frame.push(t - last);
        last = t;
        if (n === frames) return done({ frame, work });
        const k = n++ / frames;
        const w0 = performance.now();
        b.move({
          s: start.s,
          x: start.x + Math.sin(k * Math.PI * 2) * width * 0.6,
          y: start.y + Math.sin(k * Math.PI * 4) * height * 0.3,
        });
        work.push(performance.now() - w0);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  },
};

export type RenderersBenchPage = typeof api;
(window as unknown as { renderersBench: RenderersBenchPage }).renderersBench = api;
