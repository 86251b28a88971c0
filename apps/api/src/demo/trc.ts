import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { filesRoot } from '../adapters/files';
import { instructors, products, tags, trcApplications, trcContent, users, videos } from '../db/schema';
import { storeDocument } from '../modules/trc/documents';
import { renderLessonPlan, standardOutline } from '../modules/trc/lesson-plan-pdf';
import { renderThumbnail } from './thumbnail';

type Category = 'lesson-plans' | 'videos' | 'resources';

interface DemoItem {
  title: string;
  category: Category[];
  level: string;
  about: string;
  /** PDF: its page count; video: none (it plays a demo clip). */
  pages?: number;
  video?: boolean;
  allowDownload?: boolean;
  /** Days from today; positive is a future release (hidden from members until then). */
  releaseInDays: number;
  tagNames: string[];
}

const ITEMS: DemoItem[] = [
  {
    title: 'Tap Foundations: Week 1',
    category: ['lesson-plans'],
    level: 'Beginner',
    pages: 6,
    releaseInDays: -40,
    tagNames: ['Tap'],
    about: 'A first-week plan for young tap students: shuffles, flaps and a first 16-count combination.',
  },
  {
    title: 'Jazz Across the Floor',
    category: ['lesson-plans'],
    level: 'Intermediate',
    pages: 5,
    releaseInDays: -32,
    tagNames: ['Jazz'],
    about: 'Chaine turns, jazz walks and leaps in progressions you can run with a class of twenty.',
  },
  {
    title: 'Ballet Barre for Ages 6-8',
    category: ['lesson-plans'],
    level: 'Beginner',
    pages: 8,
    allowDownload: true,
    releaseInDays: -25,
    tagNames: ['Ballet'],
    about: 'A complete barre with imagery cues that keep young dancers focused.',
  },
  {
    title: 'Contemporary Floor Work',
    category: ['lesson-plans'],
    level: 'Advanced',
    pages: 7,
    releaseInDays: -12,
    tagNames: ['Contemporary'],
    about: 'Spirals, rolls and weight transfers, with a safe progression into inversions.',
  },
  {
    title: 'Hip Hop Grooves 101',
    category: ['lesson-plans'],
    level: 'Beginner',
    pages: 4,
    releaseInDays: -6,
    tagNames: ['Hip Hop'],
    about: 'Bounce, rock and the first eight grooves, with music suggestions for each.',
  },
  {
    title: 'Recital Countdown Plan',
    category: ['lesson-plans'],
    level: 'Intermediate',
    pages: 10,
    releaseInDays: 5,
    tagNames: ['Jazz'],
    about: 'Six weeks of rehearsal planning before the recital. Released soon.',
  },
  {
    title: 'Teaching Pirouettes',
    category: ['videos'],
    level: 'Intermediate',
    video: true,
    releaseInDays: -30,
    tagNames: ['Ballet'],
    about: 'How to break a pirouette into prep, passé and spot, and the three corrections that matter most.',
  },
  {
    title: 'Classroom Management for Dance',
    category: ['videos'],
    level: 'Beginner',
    video: true,
    releaseInDays: -20,
    tagNames: ['Jazz'],
    about: 'Routines, signals and formations that keep a busy studio class moving.',
  },
  {
    title: 'Building a Warm-up',
    category: ['videos'],
    level: 'Beginner',
    video: true,
    releaseInDays: -9,
    tagNames: ['Contemporary'],
    about: 'A warm-up template you can adapt to any style and any age.',
  },
  {
    title: 'Musicality Drills',
    category: ['videos'],
    level: 'Advanced',
    video: true,
    releaseInDays: -3,
    tagNames: ['Tap'],
    about: 'Drills that teach dancers to hear accents, syncopation and phrasing.',
  },
  {
    title: 'Studio Stretch Chart',
    category: ['resources'],
    level: 'Beginner',
    pages: 2,
    allowDownload: true,
    releaseInDays: -28,
    tagNames: ['Contemporary'],
    about: 'A printable chart of safe stretches to hang in your studio.',
  },
  {
    title: 'Recital Checklist',
    category: ['resources'],
    level: 'Intermediate',
    pages: 3,
    allowDownload: true,
    releaseInDays: -15,
    tagNames: ['Jazz'],
    about: 'Costumes, music, rehearsals and the day itself: a checklist for studio owners.',
  },
  {
    title: 'Tap Terminology Glossary',
    category: ['resources', 'lesson-plans'],
    level: 'Beginner',
    pages: 4,
    releaseInDays: -2,
    tagNames: ['Tap'],
    about: 'Every step name your tap students will meet, with counts and a one-line description.',
  },
];

/** Applicants of the approval list (no password: they cannot log in; the demo teacher below can). */
const APPLICANTS = [
  {
    firstName: 'Priya',
    lastName: 'Patel',
    link: 'https://www.instagram.com/priya.dances/',
    roles: ['instructor'],
    status: 'pending',
    gain: 'Lesson plans for my new Saturday beginners class.',
  },
  {
    firstName: 'Marcus',
    lastName: 'Lee',
    link: 'https://marcusleedance.example.com',
    roles: ['studio-owner', 'instructor'],
    status: 'pending',
    gain: 'Resources for our teachers and recital planning.',
  },
  {
    firstName: 'Lena',
    lastName: 'Ortiz',
    link: 'https://www.instagram.com/lena_ortiz/',
    roles: ['instructor'],
    status: 'approved',
    gain: '',
  },
  {
    firstName: 'Jo',
    lastName: 'Kim',
    link: 'https://jokim.example.org',
    roles: ['instructor'],
    status: 'rejected',
    gain: 'Just curious.',
  },
  {
    firstName: 'Tom',
    lastName: 'Baker',
    link: 'https://www.instagram.com/tb_moves/',
    roles: ['instructor'],
    status: 'rejected',
    gain: '',
  },
] as const;

/** The demo teacher with approved access (VIP plan, signed up as a dance instructor). */
const DEMO_TEACHER_EMAIL = 'vip@demo.test';

/**
 * The TRC demo: a dozen items across the three categories, with real multi-page lesson plan PDFs rendered now
 * (pdf-lib) and kept privately, teaching videos on the demo clips, related items, one future release, and
 * applications in each status (the VIP demo account is an approved teacher).
 */
export async function seedDemoTrc(
  app: FastifyInstance,
): Promise<{ items: number; applications: number } | null> {
  const { db } = app;
  const [existing] = await db.select({ n: count() }).from(trcContent);
  if ((existing?.n ?? 0) > 0) return null;
  const tagRows = await db.select().from(tags);
  const instructorRows = await db.select().from(instructors).orderBy(asc(instructors.name));
  const productRows = await db.select({ id: products.id }).from(products).limit(8);
  const clips = await db
    .select({ asset: videos.videoUrl, duration: videos.durationSeconds })
    .from(videos)
    .where(and(isNotNull(videos.videoUrl), eq(videos.kind, 'library')))
    .orderBy(asc(videos.releaseAt))
    .limit(4);
  const thumbsDir = join(filesRoot(app.config.dataDir), 'demo');
  const today = todayInNewYork();
  const ids: string[] = [];
  for (const [index, item] of ITEMS.entries()) {
    const instructor = instructorRows.length ? instructorRows[index % instructorRows.length]! : null;
    const clip = item.video ? clips[index % Math.max(clips.length, 1)] : undefined;
    if (item.video && !clip) continue;
    const thumb = `trc-${index + 1}.svg`;
    writeFileSync(
      join(thumbsDir, thumb),
      renderThumbnail({
        title: item.title,
        category: item.category[0] === 'videos' ? 'TRC VIDEO' : item.category[0]!.replace('-', ' '),
        instructor: instructor?.name ?? 'Dance Training',
        index: index + 30,
      }),
    );
    let documentId: string | null = null;
    let pages: number | null = null;
    if (!item.video) {
      const pdf = await renderLessonPlan(
        standardOutline(item.title, item.level, instructor?.name ?? 'Dance Training', item.pages ?? 4),
      );
      // The first pages' images are drawn on their first request: the seed runs inside the API's start-up.
      const doc = await storeDocument(app, null, `${item.title}.pdf`, pdf, { drawFirstPage: false });
      documentId = doc.id;
      pages = doc.pages;
    }
    const tagIds = tagRows.filter((t) => item.tagNames.includes(t.name)).map((t) => t.id);
    const releaseDate = addDays(today, item.releaseInDays);
    const about = `<p>${item.about}</p><p><strong>Level:</strong> ${item.level}.</p>`;
    const [row] = await db
      .insert(trcContent)
      .values({
        title: item.title,
        about,
        fileType: item.video ? 'video' : 'pdf',
        mediaAssetId: clip?.asset ?? null,
        durationSeconds: clip ? clip.duration : null,
        documentId,
        pages,
        allowDownload: Boolean(item.allowDownload),
        thumbnailUrl: `/files/demo/${thumb}`,
        instructorId: instructor?.id ?? null,
        categories: item.category,
        tagIds,
        productIds: productRows.slice(index % 3, (index % 3) + 2).map((p) => p.id),
        levels: [item.level],
        releaseDate,
        releaseAt: releaseInstant(releaseDate),
        searchText: [item.title, item.about, instructor?.name ?? '', ...item.tagNames]
          .join(' ')
          .toLowerCase(),
      })
      .returning({ id: trcContent.id });
    ids.push(row!.id);
  }
  // Related items: each item points at its two neighbours.
  for (const [i, id] of ids.entries()) {
    const related = [ids[(i + 1) % ids.length]!, ids[(i + 2) % ids.length]!].filter((r) => r !== id);
    await db.update(trcContent).set({ relatedIds: related }).where(eq(trcContent.id, id));
  }

  let applications = 0;
  for (const a of APPLICANTS) {
    const email = `${a.firstName.toLowerCase()}.${a.lastName.toLowerCase()}@demo.test`;
    const [user] = await db
      .insert(users)
      .values({ email, firstName: a.firstName, lastName: a.lastName, userType: 'individual-user' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    await db.insert(trcApplications).values({
      userId: user.id,
      name: `${a.firstName} ${a.lastName}`,
      email,
      link: a.link,
      roles: [...a.roles],
      gain: a.gain,
      status: a.status,
      decidedAt: a.status === 'pending' ? null : new Date(),
    });
    applications += 1;
  }
  const [teacher] = await db
    .select()
    .from(users)
    .where(inArray(users.email, [DEMO_TEACHER_EMAIL]));
  if (teacher) {
    await db
      .insert(trcApplications)
      .values({
        userId: teacher.id,
        name: `${teacher.firstName} ${teacher.lastName}`,
        email: teacher.email,
        link: 'https://www.instagram.com/vera.teaches/',
        roles: ['instructor'],
        gain: 'Fresh lesson plans for my competition team.',
        status: 'approved',
        decidedAt: new Date(),
      })
      .onConflictDoNothing();
    applications += 1;
  }
  return { items: ids.length, applications };
}
