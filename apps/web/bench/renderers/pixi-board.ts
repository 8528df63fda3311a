/**
 * The renderers bench's PixiJS board (WebGL), drawing what the Canvas 2D board draws: one sprite per tile,
 * whose texture is the product's own picture of the tile's look (`paintLook`, made once per look at the
 * same picture size as the canvas painter's), in a container that is its own render group, so a pan or a
 * zoom only changes that group's transform. A new state swaps the textures of the tiles whose look changed;
 * every change is drawn with one `render()` before returning, as the canvas painter paints before returning.
 */
import { Application, Container, Sprite, Texture } from 'pixi.js';
import { BOARD_BG } from '../../src/art/art';
import { paintLook, pictureMaker, pictureSize, type PictureMaker } from '../../src/board/canvas-tiles';
import { TILE, type View } from '../../src/board/geometry';
import { tileLook } from '../../src/board/tile-look';
import type { CreateBoard } from './boards';

/** The GL renderer's name from WEBGL_debug_renderer_info (what does the drawing: a GPU or SwiftShader). */
function glRenderer(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

export const createBoard: CreateBoard = async ({ host, width, height, cols, view, tiles }) => {
  const resolution = Math.min(3, globalThis.devicePixelRatio || 1);
  const t0 = performance.now();
  const app = new Application();
  await app.init({
    width,
    height,
    resolution,
    autoDensity: true,
    background: BOARD_BG,
    preference: 'webgl',
    antialias: false,
    autoStart: false,
    sharedTicker: false,
  });
  const setupMs = performance.now() - t0;
  host.append(app.canvas);
  const map = new Container({ isRenderGroup: true });
  app.stage.addChild(map);

  let size = 0;
  let maker: PictureMaker | null = null;
  let textures = new Map<number, Texture>();
  const texture = (look: number) => {
    let t = textures.get(look);
    if (!t) {
      if (maker?.size !== size) maker = pictureMaker(size);
      textures.set(look, (t = Texture.from(paintLook(look, size, maker))));
    }
    return t;
  };
  const looks = new Int32Array(tiles.length);
  const sprites: Sprite[] = [];
  const place = (v: View) => {
    const wanted = pictureSize(TILE * v.s * resolution);
    if (wanted !== size) {
      // Another picture size: every texture is made anew, as the canvas painter makes its pictures anew.
      const old = textures;
      textures = new Map();
      size = wanted;
      for (let i = 0; i < sprites.length; i++) {
        sprites[i]!.texture = texture(looks[i]!);
        sprites[i]!.setSize(TILE);
      }
      for (const t of old.values()) t.destroy(true);
    }
    map.position.set(v.x, v.y);
    map.scale.set(v.s);
  };

  place(view);
  for (let i = 0; i < tiles.length; i++) {
    looks[i] = tileLook(tiles[i]!);
    const sprite = new Sprite(texture(looks[i]!));
    sprite.position.set((i % cols) * TILE, Math.floor(i / cols) * TILE);
    sprite.setSize(TILE);
    map.addChild(sprite);
    sprites.push(sprite);
  }
  app.render();

  const renderer = app.renderer;
  return {
    name: `PixiJS ${renderer.name}`,
    backend: 'gl' in renderer ? glRenderer(renderer.gl) : null,
    setupMs,
    show(next) {
      let count = 0;
      for (let i = 0; i < next.length; i++) {
        const look = tileLook(next[i]!);
        if (looks[i] === look) continue;
        looks[i] = look;
        sprites[i]!.texture = texture(look);
        count++;
      }
      app.render();
      return count;
    },
    move(next) {
      place(next);
      app.render();
    },
  };
};
