/**
 * Local replays (issue 10, ARCHITECTURE §7.3 player status): an offline game played to its end is watched from
 * the game-over dialog, scrubbed, and its positions checked against the engine's own fold of the log;
 * the saved game is watched from the saves screen, exported, and opened on a fresh browser as a file
 * (file chooser, after a reload, by a drop), with the same final state; a file of other rules is
 * refused. Rematch starts a new offline game with the same seats on a new seed.
 */
import { fold, stateHash, type LobbyEvent, type PlayableCountry } from '@four-banners/engine';
import { loggedBotGame } from '@four-banners/engine/runner';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { autosavedLog, passTurn, waitForTurnOrEnd } from './helpers';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    localStorage.setItem('seen-tutorial', 'true');
    localStorage.setItem('bot-speed', 'instant');
  });
  return context.newPage();
}

/** The person passes every turn until the player-status dialog is up. */
async function passUntilTheEnd(page: Page): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if ((await waitForTurnOrEnd(page)) === 'end') return;
    await passTurn(page);
  }
  throw new Error('the game did not end');
}

/** `stateHash` of the log folded up to `seq`, by the engine in this process. */
function hashAt(events: readonly LobbyEvent[], seq: number): string {
  const folded = fold(events.filter((e) => e.seq <= seq));
  if (!folded.ok) throw new Error(folded.error.message);
  return stateHash(folded.value);
}

const seqOf = async (page: Page) => Number(await page.getByTestId('replay').getAttribute('data-seq'));

/** Picks `file` in the chooser the button opens. */
async function chooseFile(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

test('an offline game is watched from the game-over dialog and the saves, and as a file on another browser', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await page.goto('/lobby?start=1&w=5&h=5&seed=11&bots=1&difficulty=hard&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  await passUntilTheEnd(page);
  const lastSeq = await page.evaluate(() => window.fourBanners!.logLength());

  // Game over → Watch replay: the replay of this very game, from its start.
  const status = page.getByTestId('modal-player-status');
  await expect(status.getByTestId('player-status')).toHaveText(/^You (win|lost)$/);
  await expect(status.getByRole('button', { name: 'Stay' })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Leave lobby' })).toBeVisible();
  await status.getByRole('button', { name: 'Watch replay' }).click();
  await expect(page).toHaveURL(/\/replay\/local\/current/);
  const replay = page.getByTestId('replay');
  await expect(replay).toBeVisible();
  const start = await seqOf(page);
  expect(start).toBeLessThan(lastSeq);

  // Scrub to the middle, then to the end.
  // The position is taken at click time: the side panel may still be settling the layout.
  const bar = page.getByTestId('replay-scrubber');
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(() => seqOf(page)).toBeGreaterThan(start);
  const middle = await seqOf(page);
  expect(middle).toBeLessThan(lastSeq);
  const middleHash = await replay.getAttribute('data-hash');
  await page.keyboard.press('End');
  await expect(replay).toHaveAttribute('data-seq', String(lastSeq));
  await expect(replay).toHaveAttribute('data-over', 'true');
  const finalHash = (await replay.getAttribute('data-hash'))!;

  // Back goes to the game it was opened from; save it there.
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await expect(page).toHaveURL(/\/game/);
  await page.getByTestId('save-game').click();
  await page.getByTestId('save-dialog').getByLabel('Name').fill('Replay e2e');
  await page.getByTestId('save-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Replay e2e');

  // The save is watched from the saves screen, and back goes to the saves.
  await page.goto('/saves');
  const row = page.getByTestId('save-row').filter({ hasText: 'Replay e2e' });
  await row.getByTestId('watch-save').click();
  await expect(page).toHaveURL(/\/replay\/local\/save\/save-/);
  await expect(replay).toBeVisible();
  await page.keyboard.press('End');
  await expect(replay).toHaveAttribute('data-seq', String(lastSeq));
  await expect(replay).toHaveAttribute('data-hash', finalHash);
  await page.getByRole('link', { name: 'Saved games' }).click();
  await expect(page).toHaveURL(/\/saves/);

  // Exported: the engine folds the file's log to the very positions the viewer showed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Export' }).click(),
  ]);
  const file = await download.path();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { events: LobbyEvent[] };
  expect(saved.events.at(-1)!.seq).toBe(lastSeq);
  expect(hashAt(saved.events, middle)).toBe(middleHash);
  expect(hashAt(saved.events, lastSeq)).toBe(finalHash);

  // A fresh browser opens the file as a replay: the same final state.
  const other = await newPage(browser);
  await other.goto('/saves');
  await chooseFile(other, other.getByRole('button', { name: 'Open a replay file' }), file);
  await expect(other).toHaveURL(/\/replay\/local\/file/);
  const otherReplay = other.getByTestId('replay');
  await expect(otherReplay).toBeVisible();
  await other.keyboard.press('End');
  await expect(otherReplay).toHaveAttribute('data-seq', String(lastSeq));
  await expect(otherReplay).toHaveAttribute('data-hash', finalHash);

  // A reload forgets the file: the page says so and takes it again.
  await other.reload();
  const problem = other.getByTestId('local-replay-problem');
  await expect(problem).toHaveAttribute('data-code', 'file_gone');
  await chooseFile(other, problem.getByRole('button', { name: 'Choose the file again' }), file);
  await expect(otherReplay).toBeVisible();
  await other.getByRole('link', { name: 'Saved games' }).click();

  // A file dropped on the saves screen opens too.
  const text = readFileSync(file, 'utf8');
  const dropped = await other.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'dropped.json', { type: 'application/json' }));
    return data;
  }, text);
  await other.getByTestId('saves-drop').dispatchEvent('dragover', { dataTransfer: dropped });
  await other.getByTestId('saves-drop').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(other).toHaveURL(/\/replay\/local\/file/);
  await expect(otherReplay).toBeVisible();
  await other.keyboard.press('End');
  await expect(otherReplay).toHaveAttribute('data-hash', finalHash);

  // The same game claiming other rules is refused with a clear message, never folded.
  const foreign = JSON.parse(text);
  foreign.events[0].payload.rulesVersion = 99;
  await other.goto('/saves');
  await chooseFile(other, other.getByRole('button', { name: 'Open a replay file' }), {
    name: 'foreign.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(foreign)),
  });
  await expect(problem).toHaveAttribute('data-code', 'rules_version');
  await expect(problem).toContainText(
    'This game was recorded with rules version 99; this app plays version 1, so it cannot be replayed faithfully.',
  );
  await expect(otherReplay).toHaveCount(0);

  await other.context().close();
  await page.context().close();
});

test('a long game opens at its start before it is all read; far positions and the end fold as the engine does (ARCHITECTURE §7.8)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Four easy bots on 10×10 to the end: about 3,900 events, more than the viewer folds before it shows.
  const bots = [0, 1, 2, 3].map((c) => ({
    id: `bot-${c}`,
    name: '',
    country: c as PlayableCountry,
    bot: { difficulty: 'easy' as const },
  }));
  const { events, state } = loggedBotGame({
    lobbyId: 'G7',
    adminId: 'host',
    w: 10,
    h: 10,
    seed: 7,
    players: [{ id: 'host', name: 'Ana', country: -1 }, ...bots],
    difficulty: () => 'easy',
    startSeed: 8,
    turnSeed: (turn) => 7 * 7919 + turn,
    at: '2026-01-01T00:00:00.000Z',
  });
  expect(events.length).toBeGreaterThan(3000);
  const start = events.findIndex((e) => e.kind === 'game-action') + 1;
  const count = (n: number) => n.toLocaleString('en-US');

  const page = await newPage(browser);
  await page.goto('/saves');
  await chooseFile(page, page.getByRole('button', { name: 'Open a replay file' }), {
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'four-banners-save',
        version: 1,
        name: 'Long',
        savedAt: '2026-01-01T00:00:00Z',
        events,
      }),
    ),
  });
  const replay = page.getByTestId('replay');
  await expect(replay).toHaveAttribute('data-seq', String(start));
  // A seek far ahead at once, whether or not the read has got there: the position the engine folds.
  const bar = page.getByTestId('replay-scrubber');
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await expect.poll(() => seqOf(page)).toBeGreaterThan(events.length / 2);
  const far = await seqOf(page);
  expect(await replay.getAttribute('data-hash')).toBe(hashAt(events, far));

  // Once read, the whole game: its last turn, the chart, and the end.
  await expect(page.getByTestId('replay-chart')).toBeVisible();
  await expect(page.getByTestId('replay-position')).toHaveText(
    new RegExp(`^Event ${count(far)} of ${count(events.length)} · Turn \\d+ of ${count(state.game.turn.count)}$`),
  );
  await page.keyboard.press('End');
  await expect(replay).toHaveAttribute('data-seq', String(events.length));
  await expect(replay).toHaveAttribute('data-hash', stateHash(state));
  await page.context().close();
});

test('Rematch starts a new offline game at once with the same seats and a new seed', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  // You on green, a hot-seat player on purple, a hard and a normal bot: both people only pass.
  await page.goto('/lobby');
  await page.getByTestId('seat-1').click();
  await page.getByRole('option', { name: 'Hard Bot' }).click();
  await page.getByTestId('seat-2').click();
  await page.getByRole('option', { name: 'Local player (hot-seat)' }).click();
  await page.getByLabel('Hot-seat player name').fill('Ann');
  await page.getByTestId('seat-3').click();
  await page.getByRole('option', { name: 'Normal Bot' }).click();
  await page.getByLabel('Width').fill('6');
  await page.getByLabel('Height').fill('5');
  await page.getByTestId('start-game').click();
  await expect(page).toHaveURL(/\/game/);
  await passUntilTheEnd(page);

  // The old game as the autosave holds it (written within a second of the last move).
  const length = await page.evaluate(() => window.fourBanners!.logLength());
  await expect.poll(async () => (await autosavedLog(page))?.length, { timeout: 5000 }).toBe(length);
  const old = (await autosavedLog(page))!;

  await page.getByTestId('modal-player-status').getByRole('button', { name: 'Rematch' }).click();
  await expect(page).toHaveURL(/\/game/);
  await expect(page.getByTestId('player-status')).toHaveCount(0);
  const oldId = old[0]!.kind === 'lobby-created' ? old[0]!.payload.lobbyId : '';
  await expect
    .poll(
      async () => {
        const log = await autosavedLog(page);
        return log?.[0]?.kind === 'lobby-created' ? log[0].payload.lobbyId : null;
      },
      { timeout: 5000 },
    )
    .not.toBe(oldId);
  const fresh = (await autosavedLog(page))!;

  const seats = (log: LobbyEvent[]) => log.flatMap((e) => (e.kind === 'player-joined' ? [e.payload.player] : []));
  const created = (log: LobbyEvent[]) => {
    const first = log[0]!;
    if (first.kind !== 'lobby-created') throw new Error('a log starts with lobby-created');
    return first.payload;
  };
  expect(seats(fresh)).toEqual(seats(old));
  const who = (p: ReturnType<typeof seats>[number]) =>
    p.bot ? p.bot.difficulty : p.local ? `local ${p.name}` : p.name;
  expect(seats(fresh).map(who)).toEqual(['Player', 'hard', 'local Ann', 'normal']);
  expect([created(fresh).w, created(fresh).h]).toEqual([6, 5]);
  expect(created(fresh).seed).not.toBe(created(old).seed);
  // The new game is running from its first turn on the game screen.
  const game = (await page.evaluate(() => window.fourBanners!.game())) as { running: boolean; countries: unknown[] };
  expect(game.running).toBe(true);
  expect(game.countries).toHaveLength(4);
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.context().close();
});
