import type { DbOrTx } from '../../db/client';
import type { ResolvedSession } from '../auth/sessions';
import { findContent } from './queries';
import { mayTrc } from './service';

/**
 * For other modules (TRC comments): may this caller read this TRC item? Granted TRC access and a released item
 * (admins: any item). False for guests, unknown ids and everyone without access.
 */
export async function canReadTrcContent(
  db: DbOrTx,
  caller: ResolvedSession | null,
  id: string,
): Promise<boolean> {
  if (!caller) return false;
  const row = await findContent(db, id);
  if (!row) return false;
  const { user } = caller;
  if (user.role !== 'admin' && row.releaseAt.getTime() > Date.now()) return false;
  return mayTrc(db, user, 'browse');
}

/** For other modules (TRC comments, moderation lists): an item's title and thumbnail, or null. */
export async function trcContentForComments(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; title: string; thumbnailUrl: string | null } | null> {
  const row = await findContent(db, id);
  return row ? { id: row.id, title: row.title, thumbnailUrl: row.thumbnailUrl } : null;
}
