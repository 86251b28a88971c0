import { accountEndpoints, emailChangePendingMessage, MESSAGES } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { assertCsrf } from '../../plugins/auth';
import {
  confirmEmailChange,
  readAccountDetails,
  requestEmailChange,
  setImage,
  setNotifications,
  updateName,
} from './service';

/** The account area's personal details, email, profile image and comment-notification preference. */
export async function accountRoutes(app: FastifyInstance) {
  route(app, accountEndpoints.get, async (request) => {
    const { user } = request.caller;
    return readAccountDetails(app.db, user);
  });

  route(app, accountEndpoints.updateName, async (request) => {
    const { user } = request.caller;
    const updated = await updateName(app.db, user, request.body);
    return { account: await readAccountDetails(app.db, updated), message: MESSAGES.nameUpdated };
  });

  route(
    app,
    accountEndpoints.changeEmail,
    async (request) => {
      const { user } = request.caller;
      const ctx = { db: app.db, mail: app.mail, config: app.config, log: request.log };
      const pendingEmail = await requestEmailChange(ctx, user, request.body);
      return {
        account: await readAccountDetails(app.db, user),
        message: emailChangePendingMessage(pendingEmail),
      };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  route(
    app,
    accountEndpoints.confirmEmail,
    async (request) => {
      // Public (the link may be opened in any browser); a session of this account sent along stays signed in.
      const resolved = request.caller;
      const isOwnSession = resolved?.user.id === request.body.userId;
      if (resolved && isOwnSession) assertCsrf(request, resolved);
      const updated = await confirmEmailChange(
        app.db,
        request.body,
        isOwnSession ? resolved!.session.id : null,
      );
      request.log.info({ userId: updated.id }, 'email change confirmed');
      return { message: MESSAGES.emailChangeConfirmed, email: updated.email, sessionKept: isOwnSession };
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );

  route(app, accountEndpoints.setImage, async (request) => {
    const { user } = request.caller;
    const updated = await setImage(app.db, user, request.body.imageUrl, app.config);
    return { account: await readAccountDetails(app.db, updated), message: MESSAGES.imageReplaced };
  });

  route(app, accountEndpoints.setNotifications, async (request) => {
    const { user } = request.caller;
    const updated = await setNotifications(app.db, user, request.body.commentNotifications);
    return { account: await readAccountDetails(app.db, updated), message: MESSAGES.notificationsUpdated };
  });
}
