import { ROLE_STYLE } from '@tun/shared/roles';
import { describe, expect, it } from 'vitest';
import { ROLE_ICONS } from './role-icons';

describe('role icons', () => {
  it('has a Tabler icon for every icon name ROLE_STYLE uses', () => {
    const missing = Object.values(ROLE_STYLE)
      .map((style) => style.icon)
      .filter((name) => !ROLE_ICONS[name]);
    expect(missing).toEqual([]);
  });
});
