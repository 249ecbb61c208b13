import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread-count';

describe('unread badge text', () => {
  it('shows no badge when nothing is unread', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-1)).toBeNull();
    expect(unreadBadgeText(Number.NaN)).toBeNull();
  });

  it('counts up to the cap, then says «99+»', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(12_345)).toBe('99+');
  });

  it('takes a smaller cap and the reader’s number format', () => {
    expect(unreadBadgeText(9, String, 9)).toBe('9');
    expect(unreadBadgeText(10, String, 9)).toBe('9+');
    const nb = new Intl.NumberFormat('nb-NO');
    expect(unreadBadgeText(1500, (n) => nb.format(n), 9999)).toBe(nb.format(1500));
  });
});
