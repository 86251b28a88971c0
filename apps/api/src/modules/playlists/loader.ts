import { type PlaylistViewer, playlistEndpoints, type TPlaylistDetail, type TVideoCard } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { PlaylistRow } from '../../db/schema';
import { ExpiringLru, remember } from '../../lib/lru';
import { createReleaseDay, createVersionReader } from '../catalogue/cache';
import { createCardLookups } from '../catalogue/queries';
import { findPlaylistVersioned, loadDetail, selectItemIds, selectSavedInPlaylist, toDetail } from './queries';
import { assertVisible } from './service';

const LOADED_MAX = 500;
const LOADED_TTL_MS = 60_000;

interface LoadedPlaylist {
  body: TPlaylistDetail;
  json: Buffer;
}

/**
 * Loaded playlists, shared by every viewer who may see them (saved flags are added per member). The key
 * holds the playlist's version (any change of it), the catalogue version (any change of its videos, tags or
 * instructors, read at most once a second on PostgreSQL) and the New York day (videos go live at 12:00 AM).
 */
export function createPlaylistLoader(app: FastifyInstance) {
  const readCatalogueVersion = createVersionReader(app.database, app.config.catalogueVersionCheckMs);
  const readReleaseDay = createReleaseDay();
  const loaded = new ExpiringLru<Promise<LoadedPlaylist>>(LOADED_MAX, LOADED_TTL_MS);
  // The last cards of each playlist, by catalogue version and day: a reorder, rename or removal (the usual
  // change, then a refetch) needs only the new order of ids, not every video, tag and instructor again.
  const lastCards = new ExpiringLru<{ stamp: string; cards: Map<string, TVideoCard> }>(
    LOADED_MAX,
    LOADED_TTL_MS,
  );
  const cardLookupsAt = createCardLookups(app.db);
  const reuseCards = async (row: PlaylistRow, stamp: string): Promise<TPlaylistDetail | null> => {
    const last = lastCards.get(row.id);
    if (last?.stamp !== stamp) return null;
    const cards = (await selectItemIds(app.db, row.id)).map((id) => last.cards.get(id));
    return cards.every((card) => card !== undefined) ? toDetail(row, cards) : null;
  };
  /** A load as shared: checked by the contract and serialised once, when it is built. */
  const buildLoaded = async (row: PlaylistRow, stamp: string): Promise<LoadedPlaylist> => {
    const detail =
      (await reuseCards(row, stamp)) ?? (await loadDetail(app.db, row, null, () => cardLookupsAt(stamp)));
    const body = playlistEndpoints.get.response.parse(detail);
    lastCards.set(row.id, { stamp, cards: new Map(body.videos.map((video) => [video.id, video])) });
    return { body, json: Buffer.from(JSON.stringify(body)) };
  };

  /** The playlist as this viewer sees it, already serialised (404 when they may not see it). */
  return async function loadSerialised(viewer: PlaylistViewer, playlistId: string): Promise<Buffer | string> {
    // The playlist row and the catalogue version are independent reads: one round trip.
    const [found, catalogueVersion] = await Promise.all([
      findPlaylistVersioned(app.db, playlistId),
      readCatalogueVersion(),
    ]);
    const row = assertVisible(viewer, found?.row ?? null);
    const stamp = `${catalogueVersion}|${readReleaseDay()}`;
    const key = `${row.id}|${found!.version}|${stamp}`;
    // The member's saved flags are read beside the shared load, not after it.
    const [shared, saved] = await Promise.all([
      remember(loaded, key, () => buildLoaded(row, stamp)),
      viewer ? selectSavedInPlaylist(app.db, viewer.id, row.id) : new Set<string>(),
    ]);
    if (saved.size === 0) return shared.json;
    // Only saved flags change, so the checked body needs no second pass through the contract.
    const { body } = shared;
    const flagged = {
      ...body,
      videos: body.videos.map((v) => (saved.has(v.id) ? { ...v, isSaved: true } : v)),
    };
    return JSON.stringify(flagged);
  };
}
