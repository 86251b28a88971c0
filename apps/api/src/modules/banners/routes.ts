import { bannerEndpoints, todayInNewYork } from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { AdminChange } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import { selectActiveBanner } from '../catalogue/home';
import { findBanner, selectBanners } from './queries';
import { createBanner, editBanner, removeBanner, setBannerStatus, toAdminBanner } from './service';

/** Admin banners (list, add, edit, publish, delete) and the banner members see. */
export async function bannerRoutes(app: FastifyInstance) {
  const changeBy = (request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession }): AdminChange => ({
    db: app.db,
    request,
    actorId: request.caller.user.id,
  });

  route(app, bannerEndpoints.list, async () => ({ items: (await selectBanners(app.db)).map(toAdminBanner) }));

  route(app, bannerEndpoints.get, async (request) =>
    toAdminBanner(await findBanner(app.db, request.params.id)),
  );

  route(app, bannerEndpoints.create, async (request) =>
    toAdminBanner(await createBanner(changeBy(request), request.body)),
  );

  route(app, bannerEndpoints.update, async (request) =>
    toAdminBanner(await editBanner(changeBy(request), request.params.id, request.body)),
  );

  route(app, bannerEndpoints.setStatus, async (request) =>
    toAdminBanner(await setBannerStatus(changeBy(request), request.params.id, request.body.isActive)),
  );

  route(app, bannerEndpoints.remove, async (request) => ({
    id: await removeBanner(changeBy(request), request.params.id),
  }));

  route(app, bannerEndpoints.active, async () => ({
    banner: await selectActiveBanner(app.db, todayInNewYork()),
  }));
}
