/**
 * Emoji in chat come from the bundled art (issue 9: "emoji render from bundled art"; ARCHITECTURE §7.9: everything the game shows is bundled):
 * this Chromium has no emoji font of its own, so a message's emoji can only show as glyphs if the page
 * brings its font. The browser itself (DevTools' CSS.getPlatformFontsForNode) says which fonts drew the
 * message: Noto Color Emoji for the emoji, Inter for the letters, both the app's files from its own origin;
 * and the message's pixels on screen show the emoji in colour.
 */
import { expect, test } from '@playwright/test';
import { createOnlineLobby, newPerson } from './helpers';

test('a chat message with emoji is drawn with the bundled Noto Color Emoji, its letters with Inter', async ({
  browser,
}) => {
  const page = await newPerson(browser, 'Ana');
  const fontFiles: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'font')
      fontFiles.push(new URL(r.url()).origin + ' ' + new URL(r.url()).pathname);
  });
  await createOnlineLobby(page);
  await page.getByTestId('chat-input').fill('Good game 🎉👍');
  await page.getByTestId('chat-send').click();
  const line = page.getByTestId('chat-messages').locator('.fb-chat-text').last();
  await expect(line).toHaveText('Good game 🎉👍');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const fontsOfMessage = async (): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> => {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-testid="chat-messages"] .fb-chat-text',
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: nodeIds.at(-1)! });
    return fonts;
  };
  // The emoji subsets load when the message needs them (font-display: swap), so wait for the redraw.
  await expect
    .poll(async () => (await fontsOfMessage()).map((f) => f.familyName), { timeout: 15_000 })
    .toContain('Noto Color Emoji');
  const fonts = await fontsOfMessage();
  const emoji = fonts.find((f) => f.familyName === 'Noto Color Emoji')!;
  expect(emoji.isCustomFont, 'the emoji font is a web font the page loaded').toBe(true);
  expect(emoji.glyphCount, 'both emoji').toBe(2);
  const letters = fonts.find((f) => f.familyName.startsWith('Inter'));
  expect(letters?.isCustomFont, `letters drawn with the bundled Inter (fonts: ${JSON.stringify(fonts)})`).toBe(true);

  // And they are drawn in colour: the message as the screen shows it has emoji-coloured pixels (the
  // letters are grey on grey). A face the browser cannot draw would leave blanks here, with the same fonts.
  const shot = await page.getByTestId('chat-messages').locator('.fb-chat-line').last().screenshot();
  const colourful = await page.evaluate(async (png) => {
    const bytes = Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const g = canvas.getContext('2d')!;
    g.drawImage(image, 0, 0);
    const px = g.getImageData(0, 0, image.width, image.height).data;
    let count = 0;
    for (let i = 0; i < px.length; i += 4)
      if (Math.max(px[i]!, px[i + 1]!, px[i + 2]!) - Math.min(px[i]!, px[i + 1]!, px[i + 2]!) > 80) count++;
    return count;
  }, shot.toString('base64'));
  expect(colourful, 'coloured pixels of the drawn emoji').toBeGreaterThan(40);

  // Both faces are files of this app, served from its own origin (no content network).
  const origin = new URL(page.url()).origin;
  expect(fontFiles.some((f) => f.startsWith(`${origin} /assets/noto-color-emoji-`))).toBe(true);
  expect(fontFiles.some((f) => f.startsWith(`${origin} /assets/inter-latin-`))).toBe(true);
  expect(
    fontFiles.every((f) => f.startsWith(`${origin} `)),
    fontFiles.join('\n'),
  ).toBe(true);
  await page.context().close();
});
