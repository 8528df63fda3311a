/** Small stroke icons for the game header (drawn here; no icon font, nothing fetched). */
/** The stroke style every header and replay icon shares. */
export const iconBase = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const BackIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const SaveIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M5 3h11l3 3v15H5z" />
    <path d="M8 3v5h7V3M8 21v-7h8v7" />
  </svg>
);
export const HelpIcon = () => (
  <svg {...iconBase} aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
  </svg>
);
export const FitIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);
export const PlusIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const MinusIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M5 12h14" />
  </svg>
);
export const SkipIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M5 5l8 7-8 7zM15 5v14" />
  </svg>
);
export const ChatIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M7 4l13 8-13 8z" fill="currentColor" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M7 4v16M17 4v16" strokeWidth={3.5} />
  </svg>
);
export const StepBackIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M18 5l-9 7 9 7z" fill="currentColor" />
    <path d="M6 5v14" />
  </svg>
);
export const StepForwardIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M6 5l9 7-9 7z" fill="currentColor" />
    <path d="M18 5v14" />
  </svg>
);
export const ToStartIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M5 5v14M12 12l8-7v14zM4 12" />
  </svg>
);
export const ToEndIcon = () => (
  <svg {...iconBase} aria-hidden>
    <path d="M19 5v14M12 12L4 5v14z" />
  </svg>
);
export const EyeIcon = ({ size = 20 }: { size?: number }) => (
  <svg {...iconBase} width={size} height={size} aria-hidden>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const ClockIcon = () => (
  <svg {...iconBase} width={16} height={16} aria-hidden>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 3h6" />
  </svg>
);
