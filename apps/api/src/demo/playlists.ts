import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { playlistItems, playlists, users, videos } from '../db/schema';

/**
 * Demo playlists (DESIGN.md "Demo data"): three featured ones, a personal one for dancer@demo.test and a
 * studio one for studio@demo.test (shared with its sub-users). Idempotent: skipped when any playlist exists.
 */
export async function seedDemoPlaylists(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(playlists);
  if ((existing?.n ?? 0) > 0) return 0;
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'dancer@demo.test', 'studio@demo.test']));
  const idOf = (email: string) => accounts.find((a) => a.email === email)?.id ?? null;
  const library = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.kind, 'library'), lte(videos.releaseAt, new Date())))
    .orderBy(asc(videos.title))
    .limit(30);
  const admin = idOf('admin@demo.test');
  if (library.length < 12 || !admin) return 0;
  const pick = (from: number, n: number) => library.slice(from, from + n).map((v) => v.id);
  const plan = [
    {
      type: 'FPL' as const,
      name: 'Beginner Essentials',
      description: 'Start here: the basics, step by step.',
      owner: admin,
      studio: null,
      ids: pick(0, 5),
    },
    {
      type: 'FPL' as const,
      name: 'Turns and Spins',
      description: 'Spot, balance and finish clean.',
      owner: admin,
      studio: null,
      ids: pick(5, 4),
    },
    {
      type: 'FPL' as const,
      name: 'Stretch and Recover',
      description: 'Flexibility work for rest days.',
      owner: admin,
      studio: null,
      ids: pick(9, 4),
    },
    {
      type: 'PPL' as const,
      name: 'My Warm-ups',
      description: '',
      owner: idOf('dancer@demo.test'),
      studio: null,
      ids: pick(13, 4),
    },
    {
      type: 'SPL' as const,
      name: 'Studio Monday Class',
      description: 'Our Monday routine.',
      owner: idOf('studio@demo.test'),
      studio: idOf('studio@demo.test'),
      ids: pick(17, 5),
    },
  ];
  let created = 0;
  for (const p of plan) {
    if (!p.owner || p.ids.length === 0) continue;
    const [row] = await db
      .insert(playlists)
      .values({
        type: p.type,
        name: p.name,
        description: p.description,
        ownerUserId: p.owner,
        studioOwnerId: p.studio,
      })
      .returning({ id: playlists.id });
    await db
      .insert(playlistItems)
      .values(p.ids.map((videoId, index) => ({ playlistId: row!.id, videoId, position: index + 1 })));
    created += 1;
  }
  return created;
}
