/**
 * Hints: the short label that shows when a mouse rests on, or the keyboard focuses, an element marked
 * with `data-hint` (ARCHITECTURE §7.14). One element for the whole page, moved by delegated events, so a
 * hint costs the component that carries it nothing: it is an attribute, not a component with its own
 * positioning hooks. On the game and replay screens the labelled buttons, the round and the turn strip
 * re-render on every turn; with a tooltip component each was a floating element's hooks and effects.
 *
 * The hint is described to assistive technology the way a tooltip is: `role="tooltip"`, and the element
 * it labels points at it with `aria-describedby` while it shows. Touch shows no hints (a tap acts).
 */
import './hints.css';

/** The attributes that give an element a hint; spread them onto it (`<button {...hint('Save game')}>`). */
export interface HintProps {
  readonly 'data-hint': string;
  /** A key to press, drawn as a key after the label ("Pass the turn [Enter]"). */
  readonly 'data-hint-key'?: string;
  /** How long the pointer must rest before the hint shows, in ms (the focus shows it at once). */
  readonly 'data-hint-delay'?: number;
}

export function hint(label: string, options: { key?: string; delay?: number } = {}): HintProps {
  return {
    'data-hint': label,
    ...(options.key ? { 'data-hint-key': options.key } : {}),
    ...(options.delay ? { 'data-hint-delay': options.delay } : {}),
  };
}

export const HINT_ID = 'fb-hint';
/** Room between the element and the hint's arrow tip, and the least room kept to the window's edges. */
const GAP = 8;
const EDGE = 6;

interface Shown {
  readonly target: HTMLElement;
  /** The target's own `aria-describedby`, put back when the hint goes. */
  readonly describedBy: string | null;
}

/** Where the hint goes for a target at `r`: above it, or below when there is no room above; kept inside the window. */
export function placeHint(
  r: { left: number; top: number; width: number; bottom: number },
  size: { width: number; height: number },
  view: { width: number; height: number },
): { left: number; top: number; below: boolean; arrow: number } {
  const below = r.top - GAP - size.height < EDGE;
  const centre = r.left + r.width / 2;
  const left = Math.min(Math.max(centre - size.width / 2, EDGE), Math.max(EDGE, view.width - EDGE - size.width));
  const top = below ? Math.min(r.bottom + GAP, view.height - EDGE - size.height) : r.top - GAP - size.height;
  return { left, top, below, arrow: Math.min(Math.max(centre - left, 10), size.width - 10) };
}

/**
 * Starts showing hints in `doc` (once; later calls return the same stop). Returns a function that stops
 * them and removes the hint element.
 */
export function installHints(doc: Document = document): () => void {
  const installed = stops.get(doc);
  if (installed) return installed;
  const view = doc.defaultView ?? window;
  const box = doc.createElement('div');
  box.id = HINT_ID;
  box.className = 'fb-hint';
  box.setAttribute('role', 'tooltip');
  box.hidden = true;
  doc.body.appendChild(box);

  let shown: Shown | null = null;
  let pending: { target: HTMLElement; timer: number } | null = null;
  let frame = 0;
  let drawn = '';

  const hintOf = (node: EventTarget | null): HTMLElement | null =>
    node instanceof view.Element ? (node.closest<HTMLElement>('[data-hint]') ?? null) : null;

  const draw = (target: HTMLElement) => {
    const label = target.dataset.hint ?? '';
    const key = target.dataset.hintKey ?? '';
    if (drawn !== `${label}\u0000${key}`) {
      drawn = `${label}\u0000${key}`;
      box.textContent = label;
      if (key) {
        const kbd = doc.createElement('kbd');
        kbd.textContent = key;
        box.append(' ', kbd);
      }
    }
    const at = placeHint(
      target.getBoundingClientRect(),
      { width: box.offsetWidth, height: box.offsetHeight },
      { width: view.innerWidth, height: view.innerHeight },
    );
    box.style.transform = `translate(${Math.round(at.left)}px, ${Math.round(at.top)}px)`;
    box.style.setProperty('--fb-hint-arrow', `${Math.round(at.arrow)}px`);
    box.toggleAttribute('data-below', at.below);
  };

  // While shown, the hint follows its element, reads a label that changed (Play → Pause), and goes when
  // the element goes (a re-render replaced it) or loses its label.
  const follow = () => {
    if (!shown) return;
    const { target } = shown;
    if (!target.isConnected || target.dataset.hint === undefined) return hide();
    draw(target);
    frame = view.requestAnimationFrame(follow);
  };

  const hide = () => {
    if (pending) view.clearTimeout(pending.timer);
    pending = null;
    if (!shown) return;
    const { target, describedBy } = shown;
    if (describedBy === null) target.removeAttribute('aria-describedby');
    else target.setAttribute('aria-describedby', describedBy);
    shown = null;
    box.hidden = true;
    view.cancelAnimationFrame(frame);
  };

  const show = (target: HTMLElement) => {
    if (shown?.target === target) return;
    hide();
    const describedBy = target.getAttribute('aria-describedby');
    target.setAttribute('aria-describedby', describedBy ? `${describedBy} ${HINT_ID}` : HINT_ID);
    shown = { target, describedBy };
    box.hidden = false;
    draw(target);
    frame = view.requestAnimationFrame(follow);
  };

  const showSoon = (target: HTMLElement) => {
    if (shown?.target === target || pending?.target === target) return;
    hide();
    const delay = Number(target.dataset.hintDelay ?? 0);
    pending = { target, timer: view.setTimeout(() => show(target), delay) };
  };

  const onOver = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    const target = hintOf(e.target);
    if (target) showSoon(target);
    else hide();
  };
  const onOut = (e: PointerEvent) => {
    const from = hintOf(e.target);
    if (from && !from.contains(e.relatedTarget as Node | null)) hide();
  };
  const onFocus = (e: FocusEvent) => {
    const target = hintOf(e.target);
    // Only a keyboard's focus: a click focuses its button too, and a hint there would sit on the pointer.
    if (target && e.target instanceof view.Element && e.target.matches(':focus-visible')) show(target);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') hide();
  };

  const listeners: [string, EventListener][] = [
    ['pointerover', onOver as EventListener],
    ['pointerout', onOut as EventListener],
    ['focusin', onFocus as EventListener],
    ['focusout', hide],
    ['pointerdown', hide],
    ['keydown', onKey as EventListener],
    ['scroll', hide],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);
  const stop = () => {
    hide();
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
    box.remove();
    stops.delete(doc);
  };
  stops.set(doc, stop);
  return stop;
}

const stops = new WeakMap<Document, () => void>();
