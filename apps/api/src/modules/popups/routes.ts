import { popupEndpoints } from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { AdminChange } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import { countPopupView, findPopup, popupNotFound, selectActivePopup, selectPopups } from './queries';
import { createPopup, editPopup, removePopup, toAdminPopup } from './service';

/** Admin popups (list, add, edit, delete) and the popup members see, with its view count. */
export async function popupRoutes(app: FastifyInstance) {
  const changeBy = (request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession }): AdminChange => ({
    db: app.db,
    request,
    actorId: request.caller.user.id,
  });

  route(app, popupEndpoints.list, async () => ({ items: (await selectPopups(app.db)).map(toAdminPopup) }));

  route(app, popupEndpoints.get, async (request) => toAdminPopup(await findPopup(app.db, request.params.id)));

  route(app, popupEndpoints.create, async (request) =>
    toAdminPopup(await createPopup(changeBy(request), request.body)),
  );

  route(app, popupEndpoints.update, async (request) =>
    toAdminPopup(await editPopup(changeBy(request), request.params.id, request.body)),
  );

  route(app, popupEndpoints.remove, async (request) => ({
    id: await removePopup(changeBy(request), request.params.id),
  }));

  route(app, popupEndpoints.active, async (request) => {
    const row = await selectActivePopup(app.db, request.query.device);
    if (!row) return { popup: null };
    const p = toAdminPopup(row);
    return {
      popup: {
        id: p.id,
        headerText: p.headerText,
        description: p.description,
        imageUrl: p.imageUrl,
        primaryCta: p.primaryCta,
        secondaryCta: p.secondaryCta,
      },
    };
  });

  route(
    app,
    popupEndpoints.recordView,
    async (request) => {
      const row = await countPopupView(app.db, request.params.id);
      if (!row) throw popupNotFound();
      return row;
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
}
