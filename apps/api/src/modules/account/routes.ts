import { accountEndpoints, MESSAGES } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { requireSession } from '../../plugins/auth';
import { changeEmail, setImage, setNotifications, toAccountDetails, updateName } from './service';

/** The account area's personal details, email, profile image and comment-notification preference. */
export async function accountRoutes(app: FastifyInstance) {
  route(app, accountEndpoints.get, async (request) => {
    const { user } = await requireSession(request);
    return toAccountDetails(user);
  });

  route(app, accountEndpoints.updateName, async (request) => {
    const { user } = await requireSession(request);
    const updated = await updateName(app.db, user, request.body);
    return { account: toAccountDetails(updated), message: MESSAGES.nameUpdated };
  });

  route(
    app,
    accountEndpoints.changeEmail,
    async (request) => {
      const { user } = await requireSession(request);
      const updated = await changeEmail(app.db, user, request.body);
      return { account: toAccountDetails(updated), message: MESSAGES.emailUpdated };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  route(app, accountEndpoints.setImage, async (request) => {
    const { user } = await requireSession(request);
    const updated = await setImage(app.db, user, request.body.imageUrl, app.config);
    return { account: toAccountDetails(updated), message: MESSAGES.imageReplaced };
  });

  route(app, accountEndpoints.setNotifications, async (request) => {
    const { user } = await requireSession(request);
    const updated = await setNotifications(app.db, user, request.body.commentNotifications);
    return { account: toAccountDetails(updated), message: MESSAGES.notificationsUpdated };
  });
}
