import type { TCommentSubjectType } from '@dance/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { videos } from '../../db/schema';
import type { ResolvedSession } from '../auth/sessions';

/** What the comments module needs to know of a subject (a video, TRC content). */
export interface CommentSubject {
  /** Whether the subject exists and the caller may read (and write) its comments. */
  canRead(db: DbOrTx, caller: ResolvedSession, subjectId: string): Promise<boolean>;
  /**
   * Titles, thumbnails and the member app's path to each subject (for the moderation lists and reply
   * notifications); ids not found are left out.
   */
  describe(db: DbOrTx, subjectIds: string[]): Promise<Map<string, DescribedSubject>>;
}

export interface DescribedSubject {
  title: string;
  thumbnailUrl: string | null;
  /** The member app's page of the subject; `withTarget` points it at a comment (spec 2 §2 `target`). */
  memberPath: string;
}

/** A subject's page pointed at one comment: the player and the TRC pages scroll to `target`. */
export function withTarget(memberPath: string, commentId?: string) {
  if (!commentId) return memberPath;
  return `${memberPath}${memberPath.includes('?') ? '&' : '?'}target=${encodeURIComponent(commentId)}`;
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
    return new Map(
      rows.map((row) => [
        row.id,
        { title: row.title, thumbnailUrl: row.thumbnailUrl, memberPath: `/PlayerPage?v=${row.id}` },
      ]),
    );
  },
};
