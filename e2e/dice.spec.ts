/**
 * A fight's dice roll (issue 9 "Obvious feedback"; ARCHITECTURE §7.10: fights animate briefly, and a fight
 * shows both dice and the modifiers): the fight card first shows the dice tumbling, then they settle on the
 * real rolls and the result shows. A click on the card or a key skips straight to the result, and under
 * reduced motion there is no roll at all. The card's phases are recorded in the page (a MutationObserver
 * installed before it loads), so no check races the animation.
 */
import { moveableTiles, parseGame, type PlayableCountry, type Pos } from '@four-banners/engine';
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  active,
  clickTile,
  passTurn,
  playTurn,
  readGame,
  selectTile,
  skipTutorial,
  waitForTurnOrEnd,
  type SerializedGame,
} from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** What the fight card showed each time its phase changed ('none' when it went away). */
interface Shown {
  readonly phase: string;
  readonly title: string | null;
  /** Who won or held, once the result shows. */
  readonly outcome: string | null;
  readonly dice: readonly string[];
  /** 'click' or 'key' when the change came in the same task as a click on the card or a key press. */
  readonly cause: string | null;
}

declare global {
  interface Window {
    __fightShown?: Shown[];
  }
}

/** Records every phase the fight card goes through, from before the page's first script. */
async function recordFightCard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: Shown[] = [];
    window.__fightShown = shown;
    let last = 'none';
    // What the player just did, for the changes it causes in the same task (cleared by the next task).
    let cause: string | null = null;
    const note = (what: string) => {
      cause = what;
      setTimeout(() => (cause = null), 0);
    };
    window.addEventListener(
      'click',
      (e) => (e.target as Element | null)?.closest?.('[data-testid="fight-card"]') && note('click'),
      true,
    );
    window.addEventListener('keydown', () => note('key'), true);
    const look = () => {
      const card = document.querySelector('[data-testid="fight-card"]');
      const phase = card ? (card.getAttribute('data-phase') ?? 'unknown') : 'none';
      if (phase === last) return;
      last = phase;
      shown.push({
        phase,
        title: card?.querySelector('.fb-fight-title')?.textContent ?? null,
        outcome: card?.querySelector('.fb-fight-outcome')?.textContent ?? null,
        dice: card
          ? [...card.querySelectorAll('svg[aria-label^="die"]')].map((d) => d.getAttribute('aria-label') ?? '')
          : [],
        cause,
      });
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
}

const shownSoFar = (page: Page) => page.evaluate(() => window.__fightShown ?? []);
const near = (a: Pos, b: Pos) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) === 1;

/** Plays turns (no attacks) until one of our ready units stands next to an enemy unit that it may attack. */
async function untilNextToEnemy(page: Page): Promise<{ me: PlayableCountry; from: Pos; target: Pos }> {
  for (let i = 0; i < 25; i++) {
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const g: SerializedGame = await readGame(page);
    const me = (await active(page)) as PlayableCountry;
    const parsed = parseGame(g);
    if (!parsed.ok) throw new Error('the page gave an unreadable game');
    for (const t of g.tiles) {
      if (t.unit?.id !== me || t.unit.attacked) continue;
      const target = moveableTiles(parsed.value, t.pos, me).find(
        (p) => near(p, t.pos) && g.tiles[p.x + p.y * g.w]!.unit,
      );
      if (target) return { me, from: t.pos, target };
    }
    await playTurn(page, { attack: false });
    await passTurn(page);
  }
  throw new Error('no unit came next to an enemy');
}

/** Selects `from` and attacks `target`. */
async function attack(page: Page, from: Pos, target: Pos): Promise<void> {
  await selectTile(page, from);
  await clickTile(page, target.x, target.y);
}

/** The result the card shows: both settled dice and who won, and the sum its sentence gives. */
async function cardResult(page: Page): Promise<{ attack: number; defend: number; won: boolean; sentence: string }> {
  const card = page.getByTestId('fight-card');
  const dice = await card
    .locator('svg[aria-label^="die showing"]')
    .evaluateAll((ds) => ds.map((d) => Number(d.getAttribute('aria-label')!.replace('die showing ', ''))));
  if (dice.length !== 2) throw new Error('the fight card shows no settled dice');
  const outcome = (await card.locator('.fb-fight-outcome').innerText()).trim();
  const sentence = (await card.getAttribute('data-sentence')) ?? '';
  return { attack: dice[0]!, defend: dice[1]!, won: outcome.endsWith(' won'), sentence };
}

test.describe('with motion', () => {
  test.beforeEach(async ({ page }) => {
    await skipTutorial(page);
    await recordFightCard(page);
  });

  test('an attack rolls the dice, then they settle on the real rolls and the result shows', async ({ page }) => {
    await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
    const { me, from, target } = await untilNextToEnemy(page);
    await attack(page, from, target);
    const card = page.getByTestId('fight-card');
    await expect(card).toHaveAttribute('data-phase', 'result');

    const shown = await shownSoFar(page);
    const phases = shown.map((s) => s.phase);
    // Our fight is the last one (the bots may have fought before it).
    expect(phases.slice(phases.lastIndexOf('rolling'))).toEqual(['rolling', 'result']);
    const [rolling, result] = shown.slice(phases.lastIndexOf('rolling')) as [Shown, Shown];
    // While rolling: both dice tumble and no result is told yet.
    expect(rolling.dice).toEqual(['die rolling', 'die rolling']);
    expect(rolling.title).toMatch(/^(Green|Purple|Red|Yellow) attacks (Green|Purple|Red|Yellow)$/);
    // Settled: the dice show the fight's rolls, and the words say what the game did (RULES §4.4).
    const fight = await cardResult(page);
    expect(result.dice).toEqual([`die showing ${fight.attack}`, `die showing ${fight.defend}`]);
    const after = await readGame(page);
    const taken = after.tiles[target.x + target.y * after.w]!.unit?.id === me;
    expect(taken).toBe(fight.won);
    expect(result.title).toMatch(/^(Green|Purple|Red|Yellow) attacked (Green|Purple|Red|Yellow)$/);
    expect(result.outcome).toMatch(fight.won ? / won$/ : / held$/);
    await expect(card.locator('.fb-fight-title')).toHaveText(result.title!);
    // The sum, each die first and the modifier on the side it favours: the bigger side won (a tie holds).
    const sum = fight.sentence.match(/: (\d)( \+ ([\d.]+))? vs (\d)( \+ ([\d.]+))? — /);
    expect(sum, fight.sentence).not.toBeNull();
    expect([Number(sum![1]), Number(sum![4])]).toEqual([fight.attack, fight.defend]);
    const left = fight.attack + Number(sum![3] ?? 0);
    const right = fight.defend + Number(sum![6] ?? 0);
    expect(left > right).toBe(fight.won);
  });

  test('a click on the rolling dice, or a key, shows the result at once', async ({ page }) => {
    await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
    const card = page.getByTestId('fight-card');
    for (const skip of ['click', 'key'] as const) {
      // The skip must land while the dice still roll; on a slow machine it may come late, then the next fight is tried.
      let skipped = false;
      for (let fight = 0; fight < 4 && !skipped; fight++) {
        const { from, target } = await untilNextToEnemy(page);
        await attack(page, from, target);
        if (skip === 'click') await card.click();
        else await page.keyboard.press('Escape');
        // A skip that came after the dice settled acts on the result instead (Escape puts it away).
        await expect
          .poll(async () => (await card.count()) === 0 || (await card.getAttribute('data-phase')) === 'result')
          .toBe(true);
        const shown = await shownSoFar(page);
        const reveal = shown.findLastIndex((s) => s.phase === 'result');
        skipped = shown[reveal - 1]?.phase === 'rolling' && shown[reveal]!.cause === skip;
        if (skipped) {
          // The result came with the skip itself, not at the roll's end, and shows the settled dice.
          expect(shown[reveal]!.dice.every((d) => d.startsWith('die showing'))).toBe(true);
          if (skip === 'click') {
            await page.screenshot({ path: `${OUT}fight-result.png` });
            // A click on the result puts the card away.
            await card.click();
            await expect(card).toHaveCount(0);
          }
        }
        await passTurn(page);
      }
      expect(skipped, `a ${skip} during the roll showed the result`).toBe(true);
    }
  });

  test('the rolling dice, for people to look at', async ({ page }) => {
    await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
    const { from, target } = await untilNextToEnemy(page);
    await attack(page, from, target);
    const card = page.getByTestId('fight-card');
    // Taken while the dice roll when the machine is quick enough; the result either way.
    await card.screenshot({ path: `${OUT}fight-rolling.png` });
    await expect(card).toHaveAttribute('data-phase', 'result');
    await card.screenshot({ path: `${OUT}fight-card-result.png` });
    expect((await shownSoFar(page)).map((s) => s.phase)).toContain('rolling');
  });
});

test.describe('under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test.beforeEach(async ({ page }) => {
    await skipTutorial(page);
    await recordFightCard(page);
  });

  test('the fight card shows the result at once, with no roll', async ({ page }) => {
    await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    const { from, target } = await untilNextToEnemy(page);
    await attack(page, from, target);
    const card = page.getByTestId('fight-card');
    await expect(card).toHaveAttribute('data-phase', 'result');
    await expect(card.locator('.fb-fight-outcome')).toHaveText(/ (won|held)$/);
    const shown = await shownSoFar(page);
    // Every fight of the game so far (the bots' too) went straight to its result.
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.map((s) => s.phase)).not.toContain('rolling');
    expect(
      shown.filter((s) => s.phase === 'result').every((s) => s.dice.every((d) => d.startsWith('die showing'))),
    ).toBe(true);
  });
});
