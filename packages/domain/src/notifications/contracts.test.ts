import { describe, expect, it } from 'vitest';
import { ZScheduleInput, ZSendNotificationInput } from './contracts';

describe('what the team may send under', () => {
  const message = { title: 'New this week', body: 'Turns and leaps.' };

  it('takes release, studio playlist and account news', () => {
    for (const kind of ['release', 'studio-playlist', 'account'])
      expect(ZSendNotificationInput.safeParse({ ...message, kind }).success).toBe(true);
  });

  it('refuses the kinds members send (a reply, a studio owner’s practice reminder)', () => {
    for (const kind of ['reply', 'practice']) {
      expect(ZSendNotificationInput.safeParse({ ...message, kind }).success).toBe(false);
      expect(ZScheduleInput.safeParse({ ...message, days: [1], time: '09:00', kind }).success).toBe(false);
    }
  });
});
