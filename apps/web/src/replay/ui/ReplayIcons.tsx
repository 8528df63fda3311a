/** The replay controls' own stroke icons (in the style of icons.tsx): turn steps, link and keyboard. */
import { iconBase as base } from '../../game/ui/Icons';

export const TurnBackIcon = () => (
  <svg {...base} aria-hidden>
    <path d="M12 6l-6 6 6 6M19 6l-6 6 6 6" />
  </svg>
);
export const TurnForwardIcon = () => (
  <svg {...base} aria-hidden>
    <path d="M12 6l6 6-6 6M5 6l6 6-6 6" />
  </svg>
);
export const LinkIcon = () => (
  <svg {...base} width={16} height={16} aria-hidden>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </svg>
);
export const KeyboardIcon = () => (
  <svg {...base} aria-hidden>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <path d="M6 10h.01M9.5 10h.01M13 10h.01M16.5 10h.01M7 14h10" />
  </svg>
);
