/**
 * A turn that guides (README "How to play"; ARCHITECTURE §7.3 pass turn, §7.5 sessions): Pass turn asks
 * only while something is left and says what ("3 units can still move, 1 banner to place — pass
 * anyway?"), its "Next unit" and the N key select a unit that can still act, and a turn with nothing
 * left passes in one click. "Since your turn" says what the log says happened since the last pass, with
 * those tiles marked on the board; a fight reads as a sum with the modifier on the side it favours
 * (RULES §4.4). Every count and sentence is checked against the game and the log the page holds, read through
 * `window.fourBanners` and worked out here with the engine. Axe finds nothing serious on the new dialog or card.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  actable,
  fightOutcome,
  foldTo,
  moveableTiles,
  parseGame,
  type GameData,
  type LobbyEvent,
  type PlayableCountry,
  type Pos,
} from '@four-banners/engine';
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  PASS_QUESTION,
  active,
  clickTile,
  createOnlineLobby,
  newPerson,
  onlineView,
  passTurn,
  playTurn,
  readGame,
  skipTutorial,
  waitForTurnOrEnd,
} from './helpers';
import { startRealServer } from './real-server';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const NAMES = ['Green', 'Purple', 'Red', 'Yellow'];
const TILE = 64;

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

const engineGame = async (page: Page): Promise<GameData> => {
  const r = parseGame(await readGame(page));
  if (!r.ok) throw new Error('the page gave an unreadable game');
  return r.value;
};
const key = (g: GameData, p: Pos) => p.x + p.y * g.width;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The units of `me` that can still act, in reading order, split into those that can still move and those that can only attack. */
function leftOf(g: GameData, me: PlayableCountry) {
  const units = g.tiles.filter((t) => t.unit?.id === me && moveableTiles(g, t.pos, me).length > 0).map((t) => t.pos);
  const canMove = units.filter((p) => moveableTiles(g, p, me).some((q) => !g.tiles[key(g, q)]!.unit));
  const spots = g.tiles.filter(
    (t) => actable(g, { id: 'place_banner', info: { country: me, x: t.pos.x, y: t.pos.y } }).ok,
  ).length;
  const banners = spots > 0 ? g.countries.find((c) => c.id === me)!.banners : 0;
  return { units, move: canMove.length, attack: units.length - canMove.length, banners };
}

/** What the dialog should say is left, in its words. */
function leftWords(l: ReturnType<typeof leftOf>): string {
  const parts: string[] = [];
  if (l.move) parts.push(`${plural(l.move, 'unit', 'units')} can still move`);
  if (l.attack) parts.push(`${plural(l.attack, 'unit', 'units')} can still attack`);
  if (l.banners) parts.push(`${plural(l.banners, 'banner', 'banners')} to place`);
  return `${parts.join(', ')} — pass anyway?`;
}

/** The tile the board shows selected, if any. */
async function selectedTile(page: Page): Promise<Pos | null> {
  const rect = page.locator('.fb-selected rect').first();
  if ((await rect.count()) === 0) return null;
  return {
    x: Math.floor(Number(await rect.getAttribute('x')) / TILE),
    y: Math.floor(Number(await rect.getAttribute('y')) / TILE),
  };
}

/** Serious and critical axe violations on the page as it is now. */
async function severe(page: Page): Promise<string[]> {
  await page.waitForTimeout(350); // dialogs finish their transition
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The sum of one side as the fight sentence writes it: the die, then any term that favours it. */
const side = (die: number, ...terms: [number, string][]) =>
  [String(die), ...terms.filter(([v]) => v > 0).map(([v, label]) => `+ ${v}${label}`)].join(' ');

/** "Red attacked Green at (3, 4) from (2, 4): 5 + 1.5 vs 2 — Red won", worked out with the engine from the log. */
function fightSentenceOf(before: GameData, event: Extract<LobbyEvent, { kind: 'game-action' }>): string | null {
  if (event.payload.id !== 'move_unit') return null;
  const info = event.payload.info;
  const f = fightOutcome(before, info, event.seed);
  if (!f) return null;
  const defender = before.tiles[key(before, info.to)]!.unit!.id;
  const a = side(f.attackRoll, [f.war, ''], [f.bonus, ' bot bonus']);
  const d = side(f.defendRoll, [-f.war, ''], [-f.bonus, ' bot bonus']);
  const winner = f.won ? `${NAMES[info.country]} won` : `${NAMES[defender]} held`;
  return `${NAMES[info.country]} attacked ${NAMES[defender]} at (${info.to.x}, ${info.to.y}) from (${info.from.x}, ${info.from.y}): ${a} vs ${d} — ${winner}`;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, ...(size.phone ? { isMobile: true, hasTouch: true } : {}) });
    test.beforeEach(async ({ page }) => skipTutorial(page));

    test('Pass turn says what is left and goes to it; N and Next unit cycle the units that can act; nothing left passes in one click', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=instant');
      expect(await waitForTurnOrEnd(page)).toBe('turn');
      const dialog = page.getByTestId('modal-next-turn');

      // Turn 1: two banners and somewhere to raise them, no unit yet. The dialog says so, and shows the spots.
      let g = await engineGame(page);
      let left = leftOf(g, 0);
      expect(left).toMatchObject({ move: 0, attack: 0, banners: 2 });
      await page.getByTestId('pass-turn').click();
      await expect(dialog.getByText(PASS_QUESTION)).toBeVisible();
      await expect(dialog.getByTestId('pass-left')).toHaveText(leftWords(left));
      await expect(dialog.getByRole('button', { name: 'No' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Yes' })).toBeVisible();
      expect(await severe(page), 'the pass-turn dialog').toEqual([]);
      await page.screenshot({ path: `${OUT}turn-guide-${size.name}-pass-banners.png` });
      await dialog.getByRole('button', { name: 'Show banner spots' }).click();
      await expect(dialog.getByText(PASS_QUESTION)).toBeHidden();
      await expect(page.locator('.fb-banner-spot').first()).toBeVisible();
      // The keyboard cursor stands on the first spot: Space raises a banner there.
      const cursor = page.getByTestId('board-cursor');
      await expect(cursor).toBeVisible();
      const spot = { x: Number(await cursor.getAttribute('data-x')), y: Number(await cursor.getAttribute('data-y')) };
      expect(actable(g, { id: 'place_banner', info: { country: 0, ...spot } }).ok).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(async () => (await readGame(page)).countries[0]!.banners).toBe(1);

      // Raise banners while there is a spot: then nothing is left, and Pass turn passes at once.
      while ((await page.locator('.fb-banner-spot').count()) > 0) {
        const before = (await readGame(page)).countries[0]!.banners;
        await page.locator('.fb-banner-spot').first().click({ force: true });
        await expect.poll(async () => (await readGame(page)).countries[0]!.banners).toBe(before - 1);
      }
      g = await engineGame(page);
      expect(leftOf(g, 0)).toMatchObject({ move: 0, attack: 0, banners: 0 });
      const turn = await page.getByTestId('game').getAttribute('data-turn');
      await page.getByTestId('pass-turn').click();
      await expect(page.getByTestId('game')).not.toHaveAttribute('data-turn', turn!);
      await expect(dialog.getByText(PASS_QUESTION)).toHaveCount(0);

      // The next turn: units that can act. The dialog counts them as the engine does.
      expect(await waitForTurnOrEnd(page)).toBe('turn');
      g = await engineGame(page);
      left = leftOf(g, 0);
      expect(left.units.length).toBeGreaterThan(1);
      if (!size.phone)
        await expect(page.getByTestId('next-unit')).toHaveAttribute('data-count', String(left.units.length));
      await page.getByTestId('pass-turn').click();
      await expect(dialog.getByTestId('pass-left')).toHaveText(leftWords(left));
      await page.screenshot({ path: `${OUT}turn-guide-${size.name}-pass-units.png` });
      // "Next unit" closes the dialog and selects the first unit that can act, its moves shown.
      await dialog.getByRole('button', { name: 'Next unit' }).click();
      await expect(dialog.getByText(PASS_QUESTION)).toBeHidden();
      await expect.poll(() => selectedTile(page)).toEqual(left.units[0]);
      await expect(page.locator('.fb-move, .fb-attack')).toHaveCount(moveableTiles(g, left.units[0]!, 0).length);

      // N goes on through every unit that can act, in reading order, and comes round to the first.
      for (const unit of [...left.units.slice(1), left.units[0]!]) {
        await page.keyboard.press('n');
        await expect.poll(() => selectedTile(page)).toEqual(unit);
      }
      if (!size.phone) {
        await page.getByTestId('next-unit').click();
        await expect.poll(() => selectedTile(page)).toEqual(left.units[1]);
      }
    });

    test('"Since your turn" says what the log says happened since your last pass, and marks those tiles until you act', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.goto('/lobby?start=1&w=9&h=9&seed=5&bots=3&speed=instant');
      const card = page.getByTestId('since-your-turn');
      // Play until the card has something to say about lost or gained ground, or attacks.
      let events: LobbyEvent[] = [];
      for (let turn = 0; turn < 30; turn++) {
        expect(await waitForTurnOrEnd(page)).toBe('turn');
        if (turn > 0) {
          await expect(card).toBeVisible();
          if ((await card.getByTestId('since-toggle').count()) > 0 && (await page.locator('.fb-changed').count()) > 0) {
            events = await page.evaluate(() => window.fourBanners!.events());
            break;
          }
        }
        await playTurn(page, { attack: false });
        await passTurn(page);
      }
      expect(events.length, 'something happened to green within 30 turns').toBeGreaterThan(0);
      const passOfGreen = (events: LobbyEvent[]) =>
        events.some((e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === 0);
      expect(passOfGreen(await page.evaluate(() => window.fourBanners!.events()))).toBe(true);

      // The window: from green's last pass to now (its turn began).
      const pass = events.findLast(
        (e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === 0,
      )!;
      const fold = (seq: number) => {
        const r = foldTo(events, seq);
        if (!r.ok) throw new Error(r.error.message);
        return r.value.game;
      };
      const then = fold(pass.seq);
      const now = fold(events.at(-1)!.seq);
      const expected: string[] = [];
      const marks = new Map<number, string>();
      const byCountry = (tiles: { owner: number }[]) =>
        [...new Set(tiles.map((t) => t.owner))].map((c) => [c, tiles.filter((t) => t.owner === c).length] as const);
      const lost = now.tiles.filter((t, k) => then.tiles[k]!.owner === 0 && t.owner !== 0);
      for (const [c, n] of byCountry(lost)) expected.push(`Lost ${plural(n, 'tile', 'tiles')} to ${NAMES[c]}`);
      const gained = now.tiles
        .filter((t, k) => then.tiles[k]!.owner !== 0 && t.owner === 0)
        .map((t) => ({ ...t, owner: then.tiles[key(then, t.pos)]!.owner }));
      for (const [c, n] of byCountry(gained)) expected.push(`Gained ${plural(n, 'tile', 'tiles')} from ${NAMES[c]}`);
      // Marked: tiles gained, and enemy banners green's units unsettled as its turn began (they stand on them);
      // then, over those, tiles lost and green's banners unsettled (RULES §3.4).
      const unsettled = now.tiles.filter((t, k) => t.landmark === 0 && then.tiles[k]!.type === 1 && t.type === 0);
      for (const t of gained) marks.set(key(now, t.pos), 'gained');
      for (const t of unsettled) if (t.owner !== 0 && t.unit?.id === 0) marks.set(key(now, t.pos), 'gained');
      for (const t of lost) marks.set(key(now, t.pos), 'lost');
      for (const t of unsettled) if (t.owner === 0) marks.set(key(now, t.pos), 'lost');
      // Every attack on green's units since, in the fight sentence.
      for (const e of events.filter((x) => x.seq > pass.seq)) {
        if (e.kind !== 'game-action' || e.payload.id !== 'move_unit') continue;
        const before = fold(e.seq - 1);
        const defender = before.tiles[key(before, e.payload.info.to)]!.unit;
        if (defender?.id !== 0) continue;
        expected.push(fightSentenceOf(before, e)!);
        const f = fightOutcome(before, e.payload.info, e.seed)!;
        if (f.won) marks.set(key(now, e.payload.info.to), 'lost');
      }

      // The card, opened, lists all of it (and more only of what else the log says: banners, chests, countries out).
      if ((await card.getByTestId('since-toggle').getAttribute('aria-expanded')) === 'false')
        await card.getByTestId('since-toggle').click();
      const lines = await card.getByTestId('since-line').allInnerTexts();
      for (const line of expected) expect(lines.map((l) => l.replace(/\s+/g, ' ').trim())).toContain(line);
      const units = expected.filter((l) => / attacked Green .* — (Purple|Red|Yellow) won$/.test(l)).length;
      if (units > 0) await expect(card.getByTestId('since-summary')).toContainText(plural(units, 'unit', 'units'));
      // The board marks exactly those tiles, lost or gained, until green acts.
      const drawn = await page
        .locator('.fb-changed')
        .evaluateAll((gs) =>
          gs.map((el) => [
            Number(el.getAttribute('data-x')),
            Number(el.getAttribute('data-y')),
            el.getAttribute('data-kind'),
          ]),
        );
      expect(new Map(drawn.map(([x, y, kind]) => [(x as number) + (y as number) * now.width, kind as string]))).toEqual(
        marks,
      );
      expect(await severe(page), 'the "Since your turn" card').toEqual([]);
      await page.screenshot({ path: `${OUT}turn-guide-${size.name}-since-your-turn.png` });

      // The first action of the turn takes the marks away; the card folds to its line.
      const me = (await active(page)) as PlayableCountry;
      const g = await engineGame(page);
      const mover = g.tiles.find(
        (t) => t.unit?.id === me && moveableTiles(g, t.pos, me).some((p) => !g.tiles[key(g, p)]!.unit),
      )!;
      const to = moveableTiles(g, mover.pos, me).find((p) => !g.tiles[key(g, p)]!.unit)!;
      await clickTile(page, mover.pos.x, mover.pos.y);
      await expect(page.locator('.fb-selected')).toHaveCount(1);
      await clickTile(page, to.x, to.y);
      await expect(page.locator('.fb-changed')).toHaveCount(0);
      if (size.name === 'phone') {
        // The phone's tray gives the card's place to what is left of the turn (ARCHITECTURE §7.11).
        await expect(card).toHaveCount(0);
        await expect(page.getByTestId('turn-left')).toBeVisible();
        return;
      }
      await expect(card.getByTestId('since-line')).toHaveCount(0);
      await expect(card.getByTestId('since-toggle')).toHaveAttribute('aria-expanded', 'false');
      // Put away for the rest of the turn.
      await card.getByTestId('since-close').click();
      await expect(card).toHaveCount(0);
    });

    test('a fight reads as a sum with the modifier on the side it favours, the same on the card and in the feed', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
      for (let turn = 0; turn < 25; turn++) {
        expect(await waitForTurnOrEnd(page)).toBe('turn');
        const me = (await active(page)) as PlayableCountry;
        const g = await engineGame(page);
        const from = g.tiles.find(
          (t) => t.unit?.id === me && moveableTiles(g, t.pos, me).some((p) => g.tiles[key(g, p)]!.unit),
        );
        if (!from) {
          await playTurn(page, { attack: false });
          await passTurn(page);
          continue;
        }
        const target = moveableTiles(g, from.pos, me).find((p) => g.tiles[key(g, p)]!.unit)!;
        const seq = (await page.evaluate(() => window.fourBanners!.events())).at(-1)!.seq;
        await clickTile(page, from.pos.x, from.pos.y);
        await expect(page.locator('.fb-selected')).toHaveCount(1);
        await clickTile(page, target.x, target.y);
        const fightCard = page.getByTestId('fight-card');
        await expect(fightCard).toHaveAttribute('data-phase', 'result');
        // The sentence, from the log with the engine; the card says it without the tiles.
        const events = await page.evaluate(() => window.fourBanners!.events());
        const event = events.find((e) => e.seq > seq && e.kind === 'game-action')! as Extract<
          LobbyEvent,
          { kind: 'game-action' }
        >;
        const before = foldTo(events, event.seq - 1);
        if (!before.ok) throw new Error(before.error.message);
        const sentence = fightSentenceOf(before.value.game, event)!.replace(/ at \(\d+, \d+\) from \(\d+, \d+\)/, '');
        await expect(fightCard).toHaveAttribute('data-sentence', sentence);
        // The whole sum: each die, the modifier (and its parts), the one who won or held.
        await expect(fightCard.getByTestId('fight-modifier')).toContainText(/^(No modifier|Modifier)/);
        await expect(fightCard.locator('.fb-fight-outcome')).toHaveText(sentence.split(' — ')[1]!);
        await page.screenshot({ path: `${OUT}turn-guide-${size.name}-fight.png` });
        // The feed says the same sentence once the card has shown it (on a phone, in the players sheet).
        if (size.phone) await page.getByRole('button', { name: 'Players', exact: true }).click();
        await expect(page.getByLabel('Latest events').locator('li').last()).toHaveText(sentence);
        return;
      }
      throw new Error('no unit came next to an enemy');
    });
  });
}

test.describe('online, rejoined from a snapshot (a server that answers any resync longer than 600 bytes with one)', () => {
  let server: Awaited<ReturnType<typeof startRealServer>>;
  test.beforeAll(async () => {
    server = await startRealServer(Number(process.env.E2E_PORT ?? 4173) + 50, process.env.E2E_WEB_DIST, {
      RESYNC_MAX_BYTES: '600',
    });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('"Since your turn" after a reload says what it said before: the events before the snapshot are fetched (PROTOCOL §5.2)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await newPerson(browser, 'Host', server.url);
    await page.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
    await createOnlineLobby(page);
    await page.getByTestId('bot-difficulty-1').click();
    await page.getByRole('option', { name: /normal/i }).click();
    await page.getByTestId('add-bot-1').click();
    await expect(page.getByTestId('online-seat-1')).toContainText(/Normal/i);
    await page.getByTestId('online-start').click();
    await expect(page).toHaveURL(/\/game/);

    // Green's first turn: pass. The bot plays; green's second turn tells what happened since.
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    expect(await active(page)).toBe(0);
    await passTurn(page);
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const card = page.getByTestId('since-your-turn');
    await expect(card).toBeVisible();
    const summary = await card.getByTestId('since-summary').innerText();
    const marked = await page.locator('.fb-changed').count();
    const seq = (await onlineView(page))!.seq;
    const passOfGreen = (events: LobbyEvent[]) =>
      events.some((e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === 0);
    expect(passOfGreen(await page.evaluate(() => window.fourBanners!.events()))).toBe(true);

    // A reload catches up from nothing: the log is longer than the server sends, so a snapshot comes
    // instead, and green's last pass is not in what the page holds.
    await page.reload();
    await page.waitForFunction(
      (s) => window.fourBanners?.online()?.seq === s && window.fourBanners.active() === 0,
      seq,
    );
    const base = await page.evaluate(() => window.fourBanners!.logBase());
    expect(base).toBe(seq);
    expect(passOfGreen(await page.evaluate(() => window.fourBanners!.events()))).toBe(false);
    // The card is back, with the same words and the same marked tiles.
    await expect(card).toBeVisible();
    await expect(card.getByTestId('since-summary')).toHaveText(summary);
    await expect(page.locator('.fb-changed')).toHaveCount(marked);
    await page.screenshot({ path: `${OUT}turn-guide-online-since-after-reload.png` });
    await page.context().close();
  });
});
