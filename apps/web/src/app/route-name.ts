/** The current route's name (ARCHITECTURE §7.1): one of a closed list, `any` for everything else. */
export const ROUTE_NAMES = [
  'chat',
  'game',
  'join',
  'join-lobby',
  'lobby',
  'lobby-preview',
  'main-menu',
  'quick-match',
  'settings',
  'saves',
  'any',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

/** The route name of a pathname: its first segment when it names a route, otherwise `any`. */
export function routeNameOf(pathname: string): RouteName {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return (ROUTE_NAMES as readonly string[]).includes(first) && first !== 'any' ? (first as RouteName) : 'any';
}
