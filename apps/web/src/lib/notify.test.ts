import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { notify } from './notify';

describe('notify', () => {
  it('shows the notification with a labelled close button', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('n1');
    expect(notify({ message: 'Lagret' })).toBe('n1');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Lagret', closeButtonProps: { 'aria-label': expect.any(String) } }),
    );
  });
});
