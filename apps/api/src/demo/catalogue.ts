import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { banners, categories, instructors, products, type Social, tags, videos } from '../db/schema';
import { buildSearchText } from '../modules/catalogue/search-text';
import { writeDemoImage } from './demo-images';
import { renderBanner, renderThumbnail } from './thumbnail';

/** A small deterministic generator, so every fresh seed makes the same catalogue. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  { name: 'Lessons', routePath: '/Lessons' },
  { name: 'Exercises', routePath: '/Exercises' },
  { name: 'Across the floor', routePath: '/Acrossthefloor' },
  { name: 'Classes', routePath: '/classes' },
];

const TAGS: [string, string][] = [
  ['coming soon', '#868e96'],
  ['CLASSES', '#7048e8'],
  ['Ballet', '#e64980'],
  ['Jazz', '#f76707'],
  ['Contemporary', '#1c7ed6'],
  ['Hip Hop', '#2f9e44'],
  ['Tap', '#f59f00'],
  ['Lyrical', '#ae3ec9'],
  ['Turns', '#0c8599'],
  ['Leaps', '#d6336c'],
  ['Flexibility', '#37b24d'],
  ['Strength', '#e03131'],
  ['Technique', '#4263eb'],
  ['Musicality', '#9c36b5'],
  ['Kids', '#fab005'],
];

const INSTRUCTORS: { name: string; bio: string; socials: Social[] }[] = [
  {
    name: 'Maya Laurent',
    bio: 'Former principal dancer with twenty years on stage; teaches clean classical lines and strong turns.',
    socials: [
      { platform: 'instagram', url: 'https://instagram.com/mayalaurent' },
      { platform: 'website', url: 'https://mayalaurent.example' },
    ],
  },
  {
    name: 'Jordan Reyes',
    bio: 'Jazz and commercial choreographer who has toured with pop artists and coached competition teams.',
    socials: [
      { platform: 'instagram', url: 'https://instagram.com/jordanreyes' },
      { platform: 'twitter', url: 'https://twitter.com/jordanreyes' },
    ],
  },
  {
    name: 'Aiko Tanaka',
    bio: 'Contemporary artist blending release technique and floor work; loves musical phrasing.',
    socials: [{ platform: 'instagram', url: 'https://instagram.com/aikomoves' }],
  },
  {
    name: 'Marcus Bell',
    bio: 'Hip hop foundations, grooves and freestyle; runs a youth crew that has won national battles.',
    socials: [
      { platform: 'facebook', url: 'https://facebook.com/marcusbelldance' },
      { platform: 'instagram', url: 'https://instagram.com/marcusbell' },
    ],
  },
  {
    name: 'Sofia Petrova',
    bio: 'Vaganova-trained teacher focused on safe flexibility and strength for growing dancers.',
    socials: [{ platform: 'linkedin', url: 'https://linkedin.com/in/sofiapetrova' }],
  },
  {
    name: 'Eli Brooks',
    bio: 'Rhythm tap dancer and drummer; makes musicality feel like a game.',
    socials: [{ platform: 'instagram', url: 'https://instagram.com/elitaps' }],
  },
  {
    name: 'Priya Nair',
    bio: 'Lyrical and acro coach who builds confident, expressive performers.',
    socials: [{ platform: 'website', url: 'https://priyanair.example' }],
  },
  {
    name: 'Tom Okafor',
    bio: 'Strength and conditioning coach for dancers; injury prevention first.',
    socials: [{ platform: 'twitter', url: 'https://twitter.com/tomokafor' }],
  },
];

const PRODUCTS = [
  { title: 'Resistance Band Set', handle: 'resistance-band-set', subname: 'Three strengths' },
  { title: 'Stretch Strap', handle: 'stretch-strap', subname: '10 loops' },
  { title: 'Portable Ballet Barre', handle: 'portable-ballet-barre', subname: 'Adjustable height' },
  { title: 'Turn Board', handle: 'turn-board', subname: 'Practice pirouettes' },
  { title: 'Foam Roller', handle: 'foam-roller', subname: 'High density' },
  { title: 'Ankle Weights', handle: 'ankle-weights', subname: '1 lb pair' },
  { title: 'Tap Shoes', handle: 'tap-shoes', subname: 'Split sole' },
  { title: 'Knee Pads', handle: 'knee-pads', subname: 'For floor work' },
];

const MOVES: Record<string, string[]> = {
  Lessons: [
    'Pirouette Foundations',
    'Jazz Walks and Isolations',
    'Contemporary Floor Work',
    'Hip Hop Grooves 101',
    'Shuffle Ball Change',
    'Lyrical Arms and Port de Bras',
    'Chaine Turns Clinic',
    'Grand Jete Breakdown',
    'Fouette Prep',
    'Body Rolls and Waves',
    'Time Steps Explained',
    'Spotting for Beginners',
    'Pas de Bourree Variations',
    'Leg Hold Turns',
    'Musical Phrasing',
    'Improvisation Games',
    'Tilt Technique',
    'Pique Turns Deep Dive',
    'Toe Rises and Releve',
    'Stage Presence Basics',
    'Freestyle Confidence',
    'Arabesque Lines',
  ],
  Exercises: [
    'Hamstring Flexibility Flow',
    'Core Strength for Turns',
    'Ankle Stability Circuit',
    'Hip Opener Routine',
    'Split Progression',
    'Back Flexibility Safely',
    'Jump Power Drills',
    'Balance Challenge',
    'Turnout Strength',
    'Feet Strengthening',
    'Cool Down Stretch',
    'Warm Up in Ten',
    'Extension Builder',
    'Plank Series for Dancers',
    'Cardio Dance Burn',
    'Shoulder Mobility',
    'Glute Activation',
    'Stamina Builder',
    'Active Flexibility',
    'Oversplit Prep',
    'Relaxation and Breath',
    'Posture Reset',
  ],
  'Across the floor': [
    'Chasses Across the Floor',
    'Turn Sequences',
    'Leap Combinations',
    'Traveling Grooves',
    'Waltz Turns',
    'Tour Jete Progression',
    'Calypso Prep',
    'Floor Slides',
    'Step Ball Change Drills',
    'Pique Manege',
    'Running Leaps',
    'Hitch Kicks',
    'Switch Leaps',
    'Chaines into Leap',
    'Barrel Turns',
    'Cartwheel Prep',
    'Skips and Hops',
    'Jazz Runs',
    'Axel Turns',
    'Side Aerial Prep',
    'Sissonne Series',
    'Grand Battement Walks',
  ],
  Classes: [
    'Full Ballet Class',
    'Jazz Technique Class',
    'Contemporary Class',
    'Hip Hop Class',
    'Tap Class',
    'Lyrical Class',
    'Turns and Leaps Class',
    'Strength and Flex Class',
    'Kids Creative Class',
    'Competition Prep Class',
    'Musicality Masterclass',
    'Acro Basics Class',
  ],
};

/** Where the demo's pictures are served: the files folder's `demo` folder. */
const DEMO_FILES_URL = '/files/demo';

/** Durations that cover every bucket, edges included (300, 600, 900 seconds). */
const DURATIONS = [95, 180, 240, 299, 300, 420, 540, 599, 600, 690, 780, 899, 900, 1080, 1500, 2400, 3720];

export interface SeededCatalogue {
  videoCount: number;
}

/**
 * The demo catalogue of DESIGN.md: four categories, tags (with "coming soon" and CLASSES), instructors with
 * socials, products, 66 library videos and 12 class videos (two released in the future), a main banner, and a
 * distinct generated thumbnail per video written under the files folder.
 */
export async function seedDemoCatalogue(db: Db, filesDir: string): Promise<SeededCatalogue | null> {
  const [existing] = await db.select({ n: count() }).from(videos);
  if ((existing?.n ?? 0) > 0) return null;
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const thumbsDir = join(filesDir, 'demo');
  mkdirSync(thumbsDir, { recursive: true });

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .returning();
  const tagRows = await db
    .insert(tags)
    .values(TAGS.map(([name, color], i) => ({ name, color, priority: i + 1 })))
    .returning();
  const instructorRows = await db
    .insert(instructors)
    .values(INSTRUCTORS.map((i, n) => ({ ...i, imageUrl: `/files/demo/instructor-${n + 1}.svg` })))
    .returning();
  INSTRUCTORS.forEach((instructor, n) => {
    writeFileSync(
      join(thumbsDir, `instructor-${n + 1}.svg`),
      renderThumbnail({
        title: instructor.name,
        category: 'Instructor',
        instructor: instructor.name,
        index: n * 5 + 3,
      }),
    );
  });
  const productRows = await db
    .insert(products)
    .values(
      PRODUCTS.map((p, n) => ({
        ...p,
        variantId: `demo-variant-${n + 1}`,
        images: [{ src: `/files/demo/product-${n + 1}.svg` }],
      })),
    )
    .returning();
  PRODUCTS.forEach((product, n) => {
    writeFileSync(
      join(thumbsDir, `product-${n + 1}.svg`),
      renderThumbnail({
        title: product.title,
        category: 'Shop',
        instructor: product.subname,
        index: n * 7 + 11,
      }),
    );
  });

  const tagByName = new Map(tagRows.map((t) => [t.name, t]));
  const styleTags = tagRows.filter((t) => !['coming soon', 'CLASSES'].includes(t.name));
  const today = todayInNewYork();
  const levels = ['Beginner', 'Intermediate', 'Advanced'] as const;
  const rows: (typeof videos.$inferInsert)[] = [];
  const pictures: Promise<string>[] = [];
  let index = 0;
  for (const category of categoryRows) {
    const isClass = category.name === 'Classes';
    for (const [n, title] of MOVES[category.name]!.entries()) {
      index += 1;
      const instructor = instructorRows[(index * 3) % instructorRows.length]!;
      const duration = isClass
        ? 1800 + Math.floor(random() * 2400)
        : DURATIONS[(index * 5) % DURATIONS.length]!;
      // Some videos carry more than three tags, so cards must pick the three of highest priority.
      const tagCount = 1 + (index % 5 === 0 ? 4 : Math.floor(random() * 3));
      const chosen = new Set<string>();
      while (chosen.size < tagCount) chosen.add(pick(styleTags).id);
      // Two classes are announced ahead of their release: they show as "coming soon".
      const daysAgo =
        isClass && n >= MOVES[category.name]!.length - 2 ? -(5 + n) : 2 + Math.floor(random() * 420);
      const releaseDate = addDays(today, -daysAgo);
      if (isClass) chosen.add(tagByName.get('CLASSES')!.id);
      if (daysAgo < 0) chosen.add(tagByName.get('coming soon')!.id);
      const videoLevels = levels.filter((_, i) => (index + i) % 3 !== 0 || i === index % 3);
      const keywords = [
        title.split(' ')[0]!.toLowerCase(),
        category.name.toLowerCase(),
        pick(['practice', 'technique', 'drill', 'combo', 'warm up']),
      ];
      const productIds = [
        ...new Set([pick(productRows).id, ...(index % 4 === 0 ? [pick(productRows).id] : [])]),
      ];
      const thumbnailUrl = writeDemoImage(
        thumbsDir,
        DEMO_FILES_URL,
        `video-${String(index).padStart(3, '0')}`,
        renderThumbnail({ title, category: category.name, instructor: instructor.name, index }),
      );
      const description = `<p>${title} with ${instructor.name}. Warm up first, then follow along at your own pace and repeat the tricky parts.</p><p>Great for ${videoLevels.join(', ').toLowerCase()} dancers.</p>`;
      const shortDescription = `${title}: a ${Math.round(duration / 60) || 1}-minute ${category.name.toLowerCase()} session with ${instructor.name}.`;
      const tagNames = tagRows.filter((t) => chosen.has(t.id)).map((t) => t.name);
      pictures.push(thumbnailUrl);
      rows.push({
        kind: isClass ? 'class' : 'library',
        title,
        description,
        shortDescription,
        instructorId: instructor.id,
        categoryId: category.id,
        durationSeconds: duration,
        // Set once the pictures are drawn (below): drawing them all at once takes a few seconds, not one each.
        thumbnailUrl: '',
        trailerThumbnailUrl: isClass ? '' : null,
        trailerDurationSeconds: isClass ? 30 : null,
        releaseDate,
        releaseAt: releaseInstant(releaseDate),
        levels: [...videoLevels],
        keywords,
        tagIds: [...chosen],
        productIds,
        isFeatured: index % 6 === 1,
        chapters: [
          { title: 'Warm up', timeSeconds: 0, thumbnailUrl: null },
          { title: 'Breakdown', timeSeconds: Math.floor(duration / 3), thumbnailUrl: null },
          { title: 'Full run', timeSeconds: Math.floor((duration * 2) / 3), thumbnailUrl: null },
        ],
        searchText: buildSearchText({
          title,
          description,
          shortDescription,
          instructorName: instructor.name,
          tagNames,
          keywords,
        }),
      });
    }
  }
  const [mainBanner, summerBanner, recitalBanner, ...thumbnailUrls] = await Promise.all([
    writeDemoImage(
      thumbsDir,
      DEMO_FILES_URL,
      'banner-main',
      renderBanner('New: Turns and Leaps Week', 'Seven days of classes to spin cleaner and fly higher.'),
    ),
    writeDemoImage(
      thumbsDir,
      DEMO_FILES_URL,
      'banner-summer',
      renderBanner('Summer Intensive', 'Two weeks of daily classes with the whole faculty.'),
    ),
    writeDemoImage(
      thumbsDir,
      DEMO_FILES_URL,
      'banner-recital',
      renderBanner('Recital season', 'Pieces to polish before the big night.'),
    ),
    ...pictures,
  ]);
  rows.forEach((row, i) => {
    row.thumbnailUrl = thumbnailUrls[i]!;
    if (row.trailerThumbnailUrl !== null) row.trailerThumbnailUrl = thumbnailUrls[i]!;
  });
  await db.insert(videos).values(rows);

  await db.insert(banners).values([
    {
      title: 'New: Turns and Leaps Week',
      imageUrl: mainBanner!,
      releaseDate: addDays(today, -3),
      isActive: true,
    },
    // The admin's Banners list shows every state (issue 22 item 12): one scheduled, one draft.
    {
      title: 'Summer Intensive',
      imageUrl: summerBanner!,
      releaseDate: addDays(today, 10),
      isActive: true,
    },
    {
      title: 'Recital season',
      imageUrl: recitalBanner!,
      releaseDate: addDays(today, 30),
      isActive: false,
    },
  ]);
  return { videoCount: rows.length };
}
