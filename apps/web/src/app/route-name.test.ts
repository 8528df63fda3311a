import { describe, expect, it } from 'vitest';
import { routeNameOf } from './route-name';

describe('route name', () => {
  it.each([
    ['/main-menu', 'main-menu'],
    ['/game', 'game'],
    ['/lobby-preview', 'lobby-preview'],
    ['/join-lobby', 'join-lobby'],
    ['/join/AB12CD', 'join'],
    ['/quick-match', 'quick-match'],
    ['/lobby', 'lobby'],
    ['/chat', 'chat'],
    ['/settings', 'settings'],
    ['/saves', 'saves'],
    ['/404', 'any'],
    ['/', 'any'],
    ['/any', 'any'],
    ['/somewhere/else', 'any'],
  ])('%s is %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name);
  });
});
