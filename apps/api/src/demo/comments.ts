import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commentImages, comments, users, videos } from '../db/schema';
import { renderThumbnail } from './thumbnail';

type Author = 'admin@demo.test' | 'dancer@demo.test' | 'vip@demo.test' | 'studio@demo.test';
interface Line {
  by: Author;
  text: string;
  minutesAgo: number;
  replies?: { by: Author; text: string; minutesAgo: number }[];
  pending?: boolean;
  pendingImage?: boolean;
}

/** Conversations under the first demo videos (by title): questions, answers, a thank-you. */
const CONVERSATIONS: Line[][] = [
  [
    {
      by: 'dancer@demo.test',
      text: 'How do you keep from getting dizzy on the double turn? I lose my spot on the second rotation.',
      minutesAgo: 60 * 26,
      replies: [
        {
          by: 'admin@demo.test',
          text: 'Pick a point at eye level and whip the head round last. Slow it down to singles first and count "and-1".',
          minutesAgo: 60 * 25,
        },
        { by: 'vip@demo.test', text: 'This helped me a lot too, thanks!', minutesAgo: 60 * 20 },
        { by: 'dancer@demo.test', text: 'Trying it tonight 🙌', minutesAgo: 60 * 19 },
      ],
    },
    {
      by: 'studio@demo.test',
      text: 'We used this combo for our Saturday class warm-up. The kids loved the counts.\nMore like this please!',
      minutesAgo: 60 * 5,
    },
    {
      by: 'vip@demo.test',
      text: 'Here is my arm position at 1:20, is the elbow too low?',
      minutesAgo: 30,
      pendingImage: true,
    },
  ],
  [
    {
      by: 'vip@demo.test',
      text: 'Any tips for stretching hamstrings before this one? Notes I found: https://example.com/stretching',
      minutesAgo: 60 * 48,
      replies: [
        {
          by: 'studio@demo.test',
          text: 'Dynamic leg swings first, then hold the long stretches after class.',
          minutesAgo: 60 * 47,
        },
      ],
    },
    {
      by: 'dancer@demo.test',
      text: 'Can someone share a link to buy cheap followers?',
      minutesAgo: 15,
      pending: true,
    },
  ],
  [{ by: 'studio@demo.test', text: 'Great cool-down, we end every class with it now.', minutesAgo: 60 * 72 }],
];

/**
 * Demo comments (issue 15): a few conversations with replies on the first demo videos, one comment and one image
 * waiting in the moderation queue. Idempotent: skipped when any comment exists.
 */
export async function seedDemoComments(db: Db, filesDir: string): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(comments);
  if ((existing?.n ?? 0) > 0) return 0;
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, ['admin@demo.test', 'dancer@demo.test', 'vip@demo.test', 'studio@demo.test']),
    );
  const idOf = new Map(accounts.map((a) => [a.email, a.id]));
  const library = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.kind, 'library'), lte(videos.releaseAt, new Date())))
    .orderBy(asc(videos.title))
    .limit(CONVERSATIONS.length);
  if (library.length < CONVERSATIONS.length || accounts.length < 4) return 0;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  let added = 0;
  for (const [index, conversation] of CONVERSATIONS.entries()) {
    const subjectId = library[index]!.id;
    for (const line of conversation) {
      const [top] = await db
        .insert(comments)
        .values({
          subjectType: 'video',
          subjectId,
          authorId: idOf.get(line.by)!,
          content: line.text,
          createdAt: at(line.minutesAgo),
          requiresValidation: line.pending ?? false,
        })
        .returning({ id: comments.id });
      added += 1;
      for (const reply of line.replies ?? []) {
        await db.insert(comments).values({
          subjectType: 'video',
          subjectId,
          authorId: idOf.get(reply.by)!,
          replyTo: top!.id,
          content: reply.text,
          createdAt: at(reply.minutesAgo),
        });
        added += 1;
      }
      if (line.pendingImage) {
        const key = 'comment-image/demo/arm-position.svg';
        mkdirSync(join(filesDir, 'comment-image', 'demo'), { recursive: true });
        writeFileSync(
          join(filesDir, key),
          renderThumbnail({
            title: 'Arm position',
            category: 'Practice photo',
            instructor: 'Vera',
            index: 7,
          }),
        );
        await db.insert(commentImages).values({
          commentId: top!.id,
          key,
          url: `/files/${key}`,
          requiresValidation: true,
          createdAt: at(30),
        });
      }
    }
  }
  return added;
}
