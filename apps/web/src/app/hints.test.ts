// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HINT_ID, hint, installHints, placeHint } from './hints';

/** A pointer event as the browser sends it (jsdom has no PointerEvent constructor). */
function pointer(type: string, target: Element, init: { pointerType?: string; relatedTarget?: Element | null } = {}) {
  const e = new MouseEvent(type, { bubbles: true, relatedTarget: init.relatedTarget ?? null });
  Object.defineProperty(e, 'pointerType', { value: init.pointerType ?? 'mouse' });
  target.dispatchEvent(e);
}

const box = () => document.getElementById(HINT_ID)!;

describe('hints (ARCHITECTURE §7.14)', () => {
  let stop: () => void;
  let button: HTMLButtonElement;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<p id="else">text</p>';
    button = document.createElement('button');
    button.setAttribute('aria-describedby', 'own');
    for (const [k, v] of Object.entries(hint('Pass the turn', { key: 'Enter' }))) button.setAttribute(k, String(v));
    button.innerHTML = '<span>Pass</span>';
    document.body.append(button);
    stop = installHints();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('shows the label and its key when a mouse rests on the element, described to assistive technology', () => {
    pointer('pointerover', button.querySelector('span')!);
    vi.advanceTimersByTime(0);
    expect(box().hidden).toBe(false);
    expect(box().getAttribute('role')).toBe('tooltip');
    expect(box().textContent).toBe('Pass the turn Enter');
    expect(box().querySelector('kbd')?.textContent).toBe('Enter');
    expect(button.getAttribute('aria-describedby')).toBe(`own ${HINT_ID}`);
  });

  it('goes when the pointer leaves, and gives the element its own description back', () => {
    pointer('pointerover', button);
    vi.advanceTimersByTime(0);
    pointer('pointerout', button, { relatedTarget: document.getElementById('else') });
    expect(box().hidden).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('own');
  });

  it('stays while the pointer moves within the element', () => {
    pointer('pointerover', button);
    vi.advanceTimersByTime(0);
    pointer('pointerout', button, { relatedTarget: button.querySelector('span') });
    expect(box().hidden).toBe(false);
  });

  it('waits for the delay the element asks for', () => {
    const li = document.createElement('li');
    li.setAttribute('data-hint', 'Turn 5');
    li.setAttribute('data-hint-delay', '300');
    document.body.append(li);
    pointer('pointerover', li);
    vi.advanceTimersByTime(299);
    expect(box().hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(box().textContent).toBe('Turn 5');
  });

  it('shows nothing for a touch, and goes on a press or Escape', () => {
    pointer('pointerover', button, { pointerType: 'touch' });
    vi.advanceTimersByTime(0);
    expect(box().hidden).toBe(true);
    pointer('pointerover', button);
    vi.advanceTimersByTime(0);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(box().hidden).toBe(true);
    pointer('pointerover', document.getElementById('else')!);
    pointer('pointerover', button);
    vi.advanceTimersByTime(0);
    pointer('pointerdown', button);
    expect(box().hidden).toBe(true);
  });

  it('is installed once per page, and removed with its listeners when stopped', () => {
    expect(installHints()).toBe(stop);
    expect(document.querySelectorAll(`#${HINT_ID}`)).toHaveLength(1);
    stop();
    expect(document.getElementById(HINT_ID)).toBeNull();
    pointer('pointerover', button);
    vi.advanceTimersByTime(0);
    expect(document.getElementById(HINT_ID)).toBeNull();
    stop = installHints();
  });
});

describe('placeHint', () => {
  const view = { width: 400, height: 300 };
  const size = { width: 100, height: 24 };
  it('centres the hint above its element', () => {
    expect(placeHint({ left: 150, top: 100, width: 40, bottom: 130 }, size, view)).toEqual({
      left: 120,
      top: 68,
      below: false,
      arrow: 50,
    });
  });
  it('goes below an element at the top of the window', () => {
    expect(placeHint({ left: 150, top: 10, width: 40, bottom: 40 }, size, view)).toMatchObject({
      top: 48,
      below: true,
    });
  });
  it('stays inside the window at its edges, its arrow still under the element', () => {
    expect(placeHint({ left: 0, top: 100, width: 20, bottom: 130 }, size, view)).toMatchObject({ left: 6, arrow: 10 });
    expect(placeHint({ left: 380, top: 100, width: 20, bottom: 130 }, size, view)).toMatchObject({
      left: 294,
      arrow: 90,
    });
  });
});
