/** HTTP query parsing (PROTOCOL §8.3, §8.4): from/to/seq are whole numbers ≥ 0; pages are 1–100. */
import { describe, expect, it } from 'vitest';
import { EVENTS_PAGE_MAX, HTTP_ERROR_CODES, eventsQuerySchema, pageQuerySchema, stateQuerySchema } from './index.js';

describe('HTTP queries (PROTOCOL §8)', () => {
  it('coerces query strings to seqs and refuses anything else', () => {
    expect(eventsQuerySchema.parse({ from: '2', to: '10' })).toEqual({ from: 2, to: 10 });
    expect(eventsQuerySchema.safeParse({ from: 'x' }).success).toBe(false);
    expect(eventsQuerySchema.safeParse({ to: '-1' }).success).toBe(false);
    expect(stateQuerySchema.parse({})).toEqual({});
    expect(stateQuerySchema.parse({ seq: '7' })).toEqual({ seq: 7 });
    expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(pageQuerySchema.parse({ limit: '5', offset: '10' })).toEqual({ limit: 5, offset: 10 });
    // Listings are bounded in depth as well as in page size.
    expect(pageQuerySchema.safeParse({ offset: '10001' }).success).toBe(false);
  });

  it('reads an empty value as an absent one (docs/PROTOCOL.md §8.1: `?seq=` is the latest)', () => {
    expect(stateQuerySchema.parse({ seq: '' }).seq).toBeUndefined();
    expect(eventsQuerySchema.parse({ from: '', to: '4' })).toEqual({ to: 4 });
    expect(pageQuerySchema.parse({ limit: '', offset: '' })).toEqual({});
    expect(stateQuerySchema.safeParse({ seq: 'x' }).success).toBe(false);
  });

  it('pages at most 1,000 events and names the admin API being off', () => {
    expect(EVENTS_PAGE_MAX).toBe(1000);
    expect(HTTP_ERROR_CODES).toContain('admin_disabled');
  });

  it('names a refused browser origin and a rate-limited address', () => {
    expect(HTTP_ERROR_CODES).toEqual(expect.arrayContaining(['forbidden_origin', 'rate_limited']));
  });
});
