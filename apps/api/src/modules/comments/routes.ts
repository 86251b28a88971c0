import { commentEndpoints } from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { AdminChange } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import {
  decideComment,
  decideImage,
  deleteComment,
  editComment,
  getModerationSettings,
  listComments,
  listModerationComments,
  listModerationImages,
  postComment,
  setMute,
  updateModerationSettings,
} from './service';
import { commentSubject, registerCommentSubject, videoSubject } from './subjects';

/** Community comments under videos and TRC content, their live channel, and the admin's moderation. */
export async function commentRoutes(app: FastifyInstance) {
  registerCommentSubject('video', videoSubject);
  // `comments:<subjectType>:<subjectId>`: whoever may read the subject's comments may follow them live.
  app.live.authorise('comments', async (caller, channel) => {
    const [, type, id] = channel.split(':');
    const subject = type && id ? commentSubject(type) : null;
    return subject ? subject.canRead(app.db, caller, id!) : false;
  });

  const changeBy = (request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession }): AdminChange => ({
    db: app.db,
    request,
    actorId: request.caller.user.id,
  });

  route(app, commentEndpoints.list, async (request) => listComments(app, request.caller, request.query));
  route(app, commentEndpoints.post, async (request) => postComment(app, request.caller, request.body));
  route(app, commentEndpoints.edit, async (request) =>
    editComment(app, request.caller, request.params.commentId, request.body.content, request),
  );
  route(app, commentEndpoints.remove, async (request) =>
    deleteComment(app, request.caller, request.params.commentId, request),
  );

  route(app, commentEndpoints.moderationComments, async (request) =>
    listModerationComments(app.db, request.query),
  );
  route(app, commentEndpoints.moderationImages, async (request) =>
    listModerationImages(app.db, request.query),
  );
  route(app, commentEndpoints.decideComment, async (request) =>
    decideComment(app, changeBy(request), request.params.commentId, request.body.approve),
  );
  route(app, commentEndpoints.decideImage, async (request) =>
    decideImage(app, changeBy(request), request.params.imageId, request.body.approve),
  );
  route(app, commentEndpoints.settings, async () => getModerationSettings(app.db));
  route(app, commentEndpoints.updateSettings, async (request) =>
    updateModerationSettings(changeBy(request), request.body),
  );
  route(app, commentEndpoints.mute, async (request) =>
    setMute(changeBy(request), request.params.userId, request.body.muted),
  );
}
