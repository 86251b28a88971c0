import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { id?: string; message: unknown; autoClose?: unknown; onClose?: () => void }[] = [];
const hidden: string[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: (typeof shown)[number]) => {
      shown.push(n);
      return n.id;
    },
    hide: (id: string) => hidden.push(id),
  },
}));

const { toast } = await import('./toast');

describe('failure messages (issue 22 item 14)', () => {
  beforeEach(() => {
    shown.length = 0;
    hidden.length = 0;
    toast.dismissFailures();
    hidden.length = 0;
  });

  it('say what failed and why, and stay until dismissed', () => {
    toast.failure('Image upload failed', new Error('The file is larger than 10 MB.'));
    expect(shown[0]).toMatchObject({
      message: 'Image upload failed: The file is larger than 10 MB.',
      autoClose: false,
    });
    toast.failure('Failed to save. Please try again.', new Error('Boom'));
    expect(shown[1]!.message).toBe('Failed to save. Please try again. Reason: Boom');
  });

  it('show one message per action: a new failure replaces the last, the same one is not doubled', () => {
    toast.failure('Sync failed', new Error('Throttled'));
    toast.failure('Sync failed', new Error('Throttled'));
    expect(new Set(shown.map((n) => n.id)).size).toBe(1);
    expect(hidden).toContain('failure:Sync failed: Throttled');
    toast.failure('Delete failed');
    expect(hidden.filter((id) => id === 'failure:Sync failed: Throttled').length).toBeGreaterThanOrEqual(2);
  });

  it('clear on the next success', () => {
    toast.failure('Delete failed', new Error('Not found'));
    hidden.length = 0;
    toast.success('Saved');
    expect(hidden).toEqual(['failure:Delete failed: Not found']);
    expect(shown.at(-1)).toMatchObject({ message: 'Saved', color: 'teal' });
  });
});
