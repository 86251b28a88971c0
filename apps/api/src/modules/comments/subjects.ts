import type { TCommentSubjectType } from '@dance/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { videos } from '../../db/schema';
import type { ResolvedSession } from '../auth/sessions';

/** What the comments module needs to know of a subject (a video, TRC content). */
export interface CommentSubject {
  /** Whether the subject exists and the caller may read (and write) its comments. */
  canRead(db: DbOrTx, caller: ResolvedSession, subjectId: string): Promise<boolean>;
  /** Titles and thumbnails for the moderation lists; ids not found are left out. */
  describe(
    db: DbOrTx,
    subjectIds: string[],
  ): Promise<Map<string, { title: string; thumbnailUrl: string | null }>>;
  /** The member app's path to the subject, pointing at a comment when given (spec 2 §2 `target`). */
  memberPath(subjectId: string, commentId?: string): string;
}

/**
 * The subjects comments can be about. Static code, not state: a module registers its subject once, in one call,
 * `registerCommentSubject('trc', {...})`, when its routes register (registering again replaces it).
 */
const subjects = new Map<TCommentSubjectType, CommentSubject>();

export function registerCommentSubject(type: TCommentSubjectType, subject: CommentSubject) {
  subjects.set(type, subject);
}

export function commentSubject(type: string): CommentSubject | null {
  return subjects.get(type as TCommentSubjectType) ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A video of the library: members read comments of released videos; admins of any. */
export const videoSubject: CommentSubject = {
  async canRead(db, caller, subjectId) {
    if (!UUID.test(subjectId)) return false;
    const [video] = await db
      .select({ releaseAt: videos.releaseAt })
      .from(videos)
      .where(inArray(videos.id, [subjectId]));
    if (!video) return false;
    return caller.user.role === 'admin' || video.releaseAt.getTime() <= Date.now();
  },
  async describe(db, subjectIds) {
    const ids = subjectIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: videos.id, title: videos.title, thumbnailUrl: videos.thumbnailUrl })
      .from(videos)
      .where(inArray(videos.id, ids));
    return new Map(rows.map((row) => [row.id, { title: row.title, thumbnailUrl: row.thumbnailUrl }]));
  },
  memberPath(subjectId, commentId) {
    const params = new URLSearchParams({ v: subjectId });
    if (commentId) params.set('target', commentId);
    return `/PlayerPage?${params}`;
  },
};
