import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows paths inside the app', () => {
    expect(safeRedirect('/app/rooms')).toBe('/app/rooms');
    expect(safeRedirect('/app/attendance?type=event&id=4#top')).toBe('/app/attendance?type=event&id=4#top');
  });

  it.each([undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'app', '/login'])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBe(DEFAULT_AFTER_LOGIN);
    },
  );
});
