import {
  adminNotificationEndpoints,
  INBOX_CHANNEL_PREFIX,
  inboxChannel,
  NOTIFICATION_PAGE_SIZE,
  notificationEndpoints,
} from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { unsubscribeSecret } from '../../lib/unsubscribe';
import type { AdminChange } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import { onReply } from '../comments/service';
import { deliverJob, fanOutJob, pruneDeliveriesJob, weeklySchedulesJob } from './jobs';
import {
  countNotifications,
  findSchedule,
  selectInbox,
  selectNotificationsPage,
  selectSchedules,
} from './queries';
import { notifyReply } from './replies';
import {
  countUnread,
  createSchedule,
  editSchedule,
  markAllRead,
  readPreferences,
  recipientCounts,
  removeSchedule,
  savePreferences,
  sendNow,
  sendToGroup,
  setRead,
  setSchedulePaused,
  subscribeDevice,
  toInboxItem,
  toSchedule,
  toSentNotification,
  unsubscribeByToken,
  unsubscribeDevice,
} from './service';

/** Notifications: the admin's send, group and weekly pages; the member's inbox, preferences and devices. */
export async function notificationRoutes(app: FastifyInstance) {
  // Replies to a member's comment reach their inbox and devices (the same listener registered twice runs once).
  onReply(notifyReply);
  app.jobs.add(fanOutJob);
  app.jobs.add(deliverJob);
  app.jobs.add(weeklySchedulesJob);
  app.jobs.add(pruneDeliveriesJob);
  // A member follows only their own inbox channel.
  app.live.authorise(INBOX_CHANNEL_PREFIX, (caller, channel) => channel === inboxChannel(caller.user.id));

  const changeBy = (request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession }): AdminChange => ({
    db: app.db,
    request,
    actorId: request.caller.user.id,
  });

  // Admin.

  route(app, adminNotificationEndpoints.list, async (request) => {
    const page = request.query?.page ?? 1;
    const [rows, total] = await Promise.all([
      selectNotificationsPage(app.db, page, NOTIFICATION_PAGE_SIZE),
      countNotifications(app.db),
    ]);
    return { items: rows.map(toSentNotification), total };
  });

  route(app, adminNotificationEndpoints.send, async (request) =>
    toSentNotification(await sendNow(app, changeBy(request), request.body)),
  );

  route(app, adminNotificationEndpoints.sendToGroup, async (request) =>
    toSentNotification(await sendToGroup(app, changeBy(request), request.body)),
  );

  route(app, adminNotificationEndpoints.recipients, async (request) =>
    recipientCounts(app.db, request.query?.kind ?? 'release'),
  );

  route(app, adminNotificationEndpoints.schedules, async () => ({
    items: (await selectSchedules(app.db)).map((s) => toSchedule(s)),
  }));

  route(app, adminNotificationEndpoints.createSchedule, async (request) =>
    toSchedule(await createSchedule(changeBy(request), request.body)),
  );

  route(app, adminNotificationEndpoints.updateSchedule, async (request) =>
    toSchedule(await editSchedule(changeBy(request), request.params.id, request.body)),
  );

  route(app, adminNotificationEndpoints.pauseSchedule, async (request) =>
    toSchedule(await setSchedulePaused(changeBy(request), request.params.id, request.body.isPaused)),
  );

  route(app, adminNotificationEndpoints.removeSchedule, async (request) => {
    await findSchedule(app.db, request.params.id);
    return { id: await removeSchedule(changeBy(request), request.params.id) };
  });

  // Member.

  route(app, notificationEndpoints.inbox, async (request) => {
    const { user } = request.caller;
    const [rows, unreadCount] = await Promise.all([
      selectInbox(app.db, user.id, request.query?.limit ?? 20),
      countUnread(app.db, user.id),
    ]);
    return { items: rows.map(toInboxItem), unreadCount };
  });

  route(app, notificationEndpoints.setRead, async (request) =>
    setRead(app.db, request.caller.user.id, request.params.id, request.body.isRead, request.body.opened),
  );

  route(app, notificationEndpoints.readAll, async (request) => ({
    updated: await markAllRead(app.db, request.caller.user.id),
  }));

  route(app, notificationEndpoints.preferences, async (request) => ({
    preferences: await readPreferences(app.db, request.caller.user.id),
  }));

  route(app, notificationEndpoints.setPreferences, async (request) =>
    savePreferences(app.db, request.caller.user.id, request.body.preferences),
  );

  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" form-encoded; the token in the URL authorises.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  route(app, notificationEndpoints.unsubscribeMail, async (request) =>
    unsubscribeByToken(app.db, unsubscribeSecret(app.config), request.query.token),
  );

  route(app, notificationEndpoints.pushKey, async () => ({ publicKey: app.push.publicKey }));

  route(app, notificationEndpoints.subscribe, async (request) => {
    await subscribeDevice(
      app.db,
      request.caller.user.id,
      request.body,
      request.headers['user-agent'] ?? null,
    );
    return { ok: true as const };
  });

  route(app, notificationEndpoints.unsubscribe, async (request) => {
    await unsubscribeDevice(app.db, request.caller.user.id, request.body.endpoint);
    return { ok: true as const };
  });
}
