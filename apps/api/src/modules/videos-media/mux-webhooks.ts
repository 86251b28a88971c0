import { PLAYER_MESSAGES } from '@dance/domain';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type MuxAssetLike, toProviderAsset } from '../../adapters/video/mux/provider';
import type { DbOrTx } from '../../db/client';
import { type MediaAssetRow, mediaAssets, muxWebhookEvents, type SubtitleFile } from '../../db/schema';
import { queueMuxCountGrid } from './mux-count-grid';
import { applyProviderAsset, statusMayChange } from './service';

export interface MuxEvent {
  id: string;
  type: string;
  /** Mux's own time of the event (ISO 8601), which orders a late errored against a ready. */
  createdAt?: unknown;
  data: Record<string, unknown>;
}

/** Mux's event time, or null when missing or unreadable (then ready keeps outranking errored). */
function eventTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** Our row for a Mux object (locked): by our id passed through, by the upload id, or by the asset id. */
async function findRow(
  db: DbOrTx,
  keys: { passthrough?: unknown; uploadId?: unknown; assetId?: unknown },
): Promise<MediaAssetRow | null> {
  const conditions = [];
  if (typeof keys.passthrough === 'string' && /^[0-9a-f-]{36}$/.test(keys.passthrough))
    conditions.push(eq(mediaAssets.id, keys.passthrough));
  if (typeof keys.uploadId === 'string') conditions.push(eq(mediaAssets.uploadId, keys.uploadId));
  if (typeof keys.assetId === 'string') conditions.push(eq(mediaAssets.externalId, keys.assetId));
  if (conditions.length === 0) return null;
  // Locked until the event's transaction ends: a concurrent event for the same asset waits, then decides
  // on the row as this one left it (not on a stale read that would let an older status win).
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(or(...conditions))
    .for('update');
  return row && row.provider === 'mux' ? row : null;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified Mux event. A delivery seen before (same event id) changes nothing, and each change
 * is monotonic, so out-of-order or repeated deliveries converge on the same state.
 */
export async function applyMuxEvent(app: FastifyInstance, event: MuxEvent): Promise<WebhookOutcome> {
  // The asset whose count grid to read once the event is committed (decision 0055): it became ready, or
  // its audio rendition did.
  let gridOf: string | null = null;
  const outcome = await app.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(muxWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    const data = event.data;
    const at = eventTime(event.createdAt);
    switch (event.type) {
      case 'video.upload.asset_created': {
        const settings = data.new_asset_settings as { passthrough?: string } | undefined;
        const row = await findRow(tx, { passthrough: settings?.passthrough, uploadId: data.id });
        if (!row) return 'ignored';
        if (row.status === 'waiting')
          await tx
            .update(mediaAssets)
            .set({ status: 'processing', externalId: String(data.asset_id), updatedAt: new Date() })
            .where(eq(mediaAssets.id, row.id));
        return 'applied';
      }
      case 'video.upload.errored':
      case 'video.upload.cancelled': {
        const row = await findRow(tx, { uploadId: data.id });
        if (!row || row.status === 'ready') return 'ignored';
        const error =
          (data.error as { message?: string } | undefined)?.message ?? PLAYER_MESSAGES.uploadFailed;
        await tx
          .update(mediaAssets)
          .set({ status: 'errored', error, updatedAt: new Date() })
          .where(eq(mediaAssets.id, row.id));
        return 'applied';
      }
      case 'video.asset.created':
      case 'video.asset.ready':
      case 'video.asset.errored': {
        const asset = data as unknown as MuxAssetLike;
        const row = await findRow(tx, { passthrough: asset.passthrough, assetId: asset.id });
        if (!row) return 'ignored';
        // An earlier asset of ours (a failed import prepared again gets a new one) no longer speaks for it.
        if (row.externalId && asset.id && row.externalId !== asset.id) return 'ignored';
        const provided = toProviderAsset(asset);
        // The event's type is what happened; the asset snapshot in it says the same (or less).
        if (event.type === 'video.asset.errored') provided.status = 'errored';
        const applied = await applyProviderAsset(tx, row, provided, at);
        if (event.type === 'video.asset.ready' && applied.status === 'ready') gridOf = row.id;
        return 'applied';
      }
      case 'video.asset.static_rendition.ready': {
        const rendition = data as { asset_id?: string; name?: string; resolution?: string };
        if (rendition.name !== 'audio.m4a' && rendition.resolution !== 'audio-only') return 'ignored';
        const row = await findRow(tx, { assetId: rendition.asset_id });
        if (row?.status !== 'ready') return 'ignored';
        gridOf = row.id;
        return 'applied';
      }
      case 'video.asset.deleted': {
        const row = await findRow(tx, { assetId: data.id });
        if (!row) return 'ignored';
        if (!statusMayChange(row, 'errored', at, true)) return 'applied';
        await tx
          .update(mediaAssets)
          .set({
            status: 'errored',
            error: 'The asset was deleted at Mux.',
            statusAt: at ?? row.statusAt,
            updatedAt: new Date(),
          })
          .where(eq(mediaAssets.id, row.id));
        return 'applied';
      }
      case 'video.asset.track.ready':
      case 'video.asset.track.errored':
      case 'video.asset.track.deleted': {
        const track = data as {
          id?: string;
          asset_id?: string;
          type?: string;
          language_code?: string;
          name?: string;
        };
        if (track.type !== 'text' || !track.id) return 'ignored';
        const row = await findRow(tx, { assetId: track.asset_id });
        if (!row) return 'ignored';
        // A track deleted at Mux never comes back (Mux track ids are not reused): a late ready is ignored.
        if (row.deletedTracks.includes(track.id)) return 'applied';
        const others = row.subtitles.filter((s) => s.ref !== track.id);
        const subtitles: SubtitleFile[] =
          event.type === 'video.asset.track.ready'
            ? [
                ...others,
                { lang: track.language_code ?? 'en', label: track.name ?? 'Subtitles', ref: track.id },
              ]
            : others;
        const deletedTracks =
          event.type === 'video.asset.track.deleted' ? [...row.deletedTracks, track.id] : row.deletedTracks;
        await tx
          .update(mediaAssets)
          .set({ subtitles, deletedTracks, updatedAt: new Date() })
          .where(eq(mediaAssets.id, row.id));
        return 'applied';
      }
      default:
        return 'ignored';
    }
  });
  if (gridOf) await queueMuxCountGrid(app, gridOf);
  return outcome;
}
