import { describe, expect, it } from 'vitest';
import { TUMBLE_FRAMES, tumbleFaces } from './dice';

describe('the faces a die tumbles through', () => {
  const cases = [1, 2, 3, 4, 5, 6].flatMap((value) => [0, 1, 7, 1234].map((salt) => ({ value, salt })));

  it.each(cases)(
    'are real faces, never the same twice in a row, for a roll of $value (salt $salt)',
    ({ value, salt }) => {
      const faces = tumbleFaces(value, salt);
      expect(faces).toHaveLength(TUMBLE_FRAMES);
      for (const f of faces) expect([1, 2, 3, 4, 5, 6]).toContain(f);
      for (let i = 1; i < faces.length; i++) expect(faces[i]).not.toBe(faces[i - 1]);
    },
  );

  it.each(cases)('end on a face other than the roll of $value, so the settle shows (salt $salt)', ({ value, salt }) => {
    expect(tumbleFaces(value, salt).at(-1)).not.toBe(value);
  });

  it('are the same for the same fight and differ between the two dice of a fight', () => {
    expect(tumbleFaces(4, 1)).toEqual(tumbleFaces(4, 1));
    expect(tumbleFaces(4, 1)).not.toEqual(tumbleFaces(4, 2));
  });

  it('show most faces over a roll', () => {
    expect(new Set(tumbleFaces(3, 0)).size).toBeGreaterThanOrEqual(4);
  });
});
