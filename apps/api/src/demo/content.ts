import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, popupWindow, RELEASE_TIME_ZONE, todayInNewYork } from '@dance/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaLibrary, popups } from '../db/schema';
import { renderThumbnail } from './thumbnail';

/** The local media library: what the embedded video-import adapter (the Vimeo stand-in) serves by id. */
export const DEMO_MEDIA = [
  {
    id: '900001',
    name: 'Adagio Balance Study',
    tags: ['balance', 'adagio'],
    duration: 412,
    instructor: 'Maya Laurent',
  },
  {
    id: '900002',
    name: 'Jazz Pirouette Drills',
    tags: ['turns', 'jazz'],
    duration: 538,
    instructor: 'Jordan Reyes',
  },
  {
    id: '900003',
    name: 'Release Technique Flow',
    tags: ['contemporary', 'floor'],
    duration: 725,
    instructor: 'Aiko Tanaka',
  },
  {
    id: '900004',
    name: 'Hip Hop Footwork Basics',
    tags: ['footwork', 'grooves'],
    duration: 366,
    instructor: 'Marcus Bell',
  },
  {
    id: '900005',
    name: 'Active Flexibility Circuit',
    tags: ['flexibility', 'strength'],
    duration: 905,
    instructor: 'Sofia Petrova',
  },
  {
    id: '900006',
    name: 'Rhythm Tap Trading Fours',
    tags: ['tap', 'musicality'],
    duration: 481,
    instructor: 'Eli Brooks',
  },
  {
    id: '900007',
    name: 'Lyrical Combo: Open Skies',
    tags: ['lyrical', 'combo'],
    duration: 644,
    instructor: 'Priya Nair',
  },
  {
    id: '900008',
    name: 'Jump Conditioning for Leaps',
    tags: ['leaps', 'conditioning'],
    duration: 598,
    instructor: 'Tom Okafor',
  },
  {
    id: '900009',
    name: 'Full Class: Turns and Leaps',
    tags: ['class', 'turns', 'leaps'],
    duration: 2710,
    instructor: 'Maya Laurent',
  },
  {
    id: '900010',
    name: 'Class Trailer: Turns and Leaps',
    tags: ['trailer'],
    duration: 34,
    instructor: 'Maya Laurent',
  },
] as const;

export interface SeededContent {
  mediaCount: number;
  popupCount: number;
}

/**
 * Demo content for the admin console: the local media library (with generated thumbnails under the files
 * folder) and two popups that members do not see yet (one unpublished, one scheduled), so the Popups List is
 * meaningful without covering every member page in development. Idempotent: skips tables that have rows.
 */
export async function seedDemoContent(db: Db, filesDir: string): Promise<SeededContent | null> {
  const [media] = await db.select({ n: count() }).from(mediaLibrary);
  const [popupRows] = await db.select({ n: count() }).from(popups);
  const result: SeededContent = { mediaCount: 0, popupCount: 0 };
  if ((media?.n ?? 0) === 0) {
    const dir = join(filesDir, 'demo', 'media');
    mkdirSync(dir, { recursive: true });
    await db.insert(mediaLibrary).values(
      DEMO_MEDIA.map((m, i) => {
        writeFileSync(
          join(dir, `${m.id}.svg`),
          renderThumbnail({
            title: m.name,
            category: 'Media library',
            instructor: m.instructor,
            index: 90 + i * 7,
          }),
        );
        return {
          id: m.id,
          name: m.name,
          description: `<p>${m.name} with ${m.instructor}. Imported from the studio's media library.</p>`,
          durationSeconds: m.duration,
          thumbnailUrl: `/files/demo/media/${m.id}.svg`,
          playerUrl: `/media/${m.id}`,
          tags: [...m.tags],
        };
      }),
    );
    result.mediaCount = DEMO_MEDIA.length;
  }
  if ((popupRows?.n ?? 0) === 0) {
    const today = todayInNewYork();
    const drafts = [
      {
        headerText: 'Summer Intensive is coming',
        description: 'Two weeks of daily classes with our whole faculty. Early-bird places open soon.',
        start: addDays(today, 14),
        end: addDays(today, 28),
        isActive: true,
        primaryCta: { text: 'See the plans', url: '/plans' },
      },
      {
        headerText: 'Welcome back!',
        description: 'New classes every week: open the library to see what is new.',
        start: today,
        end: addDays(today, 30),
        isActive: false,
        primaryCta: { text: 'Open the library', url: '/Library' },
      },
    ];
    await db.insert(popups).values(
      drafts.map((d) => ({
        headerText: d.headerText,
        description: d.description,
        ...popupWindow(d.start, d.end, RELEASE_TIME_ZONE),
        startDateLocal: d.start,
        endDateLocal: d.end,
        timezone: RELEASE_TIME_ZONE,
        isActive: d.isActive,
        primaryCtaText: d.primaryCta.text,
        primaryCtaUrl: d.primaryCta.url,
        deviceVisibility: ['desktop', 'mobile'],
      })),
    );
    result.popupCount = drafts.length;
  }
  return result.mediaCount || result.popupCount ? result : null;
}
