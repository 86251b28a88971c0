import { addVideoEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import {
  createLocalVideoHost,
  createVimeoVideoHost,
  type VideoHost,
  VideoHostError,
} from '../../adapters/vimeo';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { queueImports } from '../videos-media/imports';
import { addVideo } from './service';

export interface AddVideoRoutesOptions {
  /** Overrides the video host (tests); otherwise Vimeo with VIMEO_TOKEN, or the local media library. */
  videoHost?: VideoHost;
}

/** Admin: import a video's details from the video host, and add library and class videos. */
export async function addVideoRoutes(app: FastifyInstance, options: AddVideoRoutesOptions = {}) {
  const host =
    options.videoHost ??
    (app.config.vimeoToken
      ? createVimeoVideoHost({ token: app.config.vimeoToken })
      : createLocalVideoHost(app.db));

  route(app, addVideoEndpoints.vimeoVideo, async (request) => {
    const { vimeoId } = request.params;
    try {
      const video = await host.getVideo(vimeoId);
      if (!video)
        throw notFound(
          host.source === 'vimeo'
            ? `No Vimeo video with id ${vimeoId} was found (or the token cannot see it).`
            : `No video with id ${vimeoId} in the media library.`,
        );
      return video;
    } catch (error) {
      if (error instanceof VideoHostError) throw new AppError('UPSTREAM_FAILED', error.message);
      throw error;
    }
  });

  route(app, addVideoEndpoints.createVideo, async (request) => {
    const { video: created, importAssetIds } = await addVideo(
      app.db,
      request,
      request.caller.user.id,
      request.body,
    );
    await queueImports(app, importAssetIds);
    return {
      id: created.id,
      kind: created.kind,
      title: created.title,
      releaseDate: created.releaseDate,
      releaseAt: created.releaseAt.toISOString(),
      tagIds: created.tagIds,
    };
  });
}
