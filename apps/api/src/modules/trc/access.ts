import type { DbOrTx } from '../../db/client';
import type { ResolvedSession } from '../auth/sessions';
import type { CommentSubject } from '../comments/subjects';
import { findContent, selectContentByIds } from './queries';
import { firstCategory, mayTrc } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * For other modules (TRC comments): may this caller read this TRC item? Granted TRC access and a released item
 * (admins: any item). False for guests, unknown ids and everyone without access.
 */
export async function canReadTrcContent(
  db: DbOrTx,
  caller: ResolvedSession | null,
  id: string,
): Promise<boolean> {
  if (!caller || !UUID.test(id)) return false;
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
  const row = UUID.test(id) ? await findContent(db, id) : null;
  return row ? { id: row.id, title: row.title, thumbnailUrl: row.thumbnailUrl } : null;
}

/**
 * TRC items as a subject of comments (the Chat of the TRC content pages, spec 2 §2): whoever may read an item
 * may read and write its comments; moderation lists and reply mails link to the item's page.
 */
export const trcCommentSubject: CommentSubject = {
  canRead: canReadTrcContent,
  async describe(db, subjectIds) {
    const rows = await selectContentByIds(
      db,
      subjectIds.filter((id) => UUID.test(id)),
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          thumbnailUrl: row.thumbnailUrl,
          memberPath: `/trc/${firstCategory(row)}/${row.id}`,
        },
      ]),
    );
  },
};
