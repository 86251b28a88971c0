import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

export interface LessonPlanOutline {
  title: string;
  level: string;
  instructor: string;
  /** The sections after the title page, each a page of its own (a warm-up, counts, a cool-down...). */
  sections: { heading: string; lines: string[] }[];
}

const PINK = rgb(0.83, 0.25, 0.51);
const INK = rgb(0.11, 0.1, 0.18);
const GREY = rgb(0.4, 0.4, 0.45);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A real multi-page lesson plan PDF (US Letter): a title page, then one page per section with its lines and
 * a page footer. Used for the demo data and the tests, so the viewer and the page count have real files.
 */
export async function renderLessonPlan(outline: LessonPlanOutline): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(outline.title);
  doc.setAuthor(outline.instructor);
  doc.setProducer('Dance Training TRC');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const total = outline.sections.length + 1;
  const footer = (page: ReturnType<typeof doc.addPage>, n: number) =>
    page.drawText(`${outline.title}  ·  page ${n} of ${total}`, {
      x: 56,
      y: 36,
      size: 9,
      font: regular,
      color: GREY,
    });

  const cover = doc.addPage([612, 792]);
  cover.drawRectangle({ x: 0, y: 640, width: 612, height: 152, color: PINK });
  cover.drawText('TEACHER RESOURCE CENTER', { x: 56, y: 740, size: 12, font: bold, color: rgb(1, 1, 1) });
  let y = 600;
  for (const line of wrap(outline.title, bold, 32, 500)) {
    cover.drawText(line, { x: 56, y, size: 32, font: bold, color: INK });
    y -= 40;
  }
  cover.drawText(`Level: ${outline.level}`, { x: 56, y: y - 20, size: 14, font: regular, color: INK });
  cover.drawText(`Instructor: ${outline.instructor}`, {
    x: 56,
    y: y - 42,
    size: 14,
    font: regular,
    color: INK,
  });
  cover.drawText('Contents', { x: 56, y: y - 100, size: 16, font: bold, color: INK });
  for (const [i, s] of outline.sections.entries()) {
    cover.drawText(`${i + 2}.  ${s.heading}`, {
      x: 72,
      y: y - 126 - i * 20,
      size: 12,
      font: regular,
      color: INK,
    });
  }
  footer(cover, 1);

  outline.sections.forEach((section, i) => {
    const page = doc.addPage([612, 792]);
    page.drawText(section.heading, { x: 56, y: 720, size: 24, font: bold, color: PINK });
    let cursor = 684;
    for (const text of section.lines) {
      for (const line of wrap(text, regular, 12, 500)) {
        if (cursor < 72) break;
        page.drawText(line, { x: 56, y: cursor, size: 12, font: regular, color: INK });
        cursor -= 18;
      }
      cursor -= 8;
    }
    footer(page, i + 2);
  });
  return Buffer.from(await doc.save());
}

/** A standard outline: warm-up, counts, across the floor, cool-down (and more counts pages to reach `pages`). */
export function standardOutline(
  title: string,
  level: string,
  instructor: string,
  pages = 5,
): LessonPlanOutline {
  const sections = [
    {
      heading: 'Warm-up (10 minutes)',
      lines: [
        'Start in parallel first position. Roll down through the spine for 8 counts, roll up for 8.',
        'Plies in first and second: 4 counts down, 4 counts up, twice each. Rises on 1, lower on 2.',
        'Shoulder isolations and neck rolls, 8 counts each direction. Finish with a deep breath on 7-8.',
      ],
    },
    {
      heading: 'Counts and combination',
      lines: [
        '1-2: step ball change to the right. 3-4: pivot turn. 5-6: chasse left. 7-8: hold, arms to high V.',
        'Teach in two 8-counts, then add music at a slower tempo before building to full speed.',
        'Cue: "reach, reach, turn and hit" so younger students remember the accents.',
      ],
    },
    {
      heading: 'Across the floor',
      lines: [
        'Chaine turns in groups of three, spotting the corner. Then leaps with a prep on 7-8.',
        'Watch for sickled feet and soft knees in the landing; correct with one cue per pass.',
      ],
    },
    {
      heading: 'Cool-down (5 minutes)',
      lines: [
        'Butterfly stretch for 16 counts, straddle reach center, right and left.',
        'Close with a breathing circle: each student names one thing they improved today.',
      ],
    },
  ];
  while (sections.length + 1 < pages)
    sections.splice(sections.length - 1, 0, {
      heading: `Counts and combination, part ${sections.length}`,
      lines: ['Repeat the combination facing a new wall; add the arms once the feet are clean.'],
    });
  return { title, level, instructor, sections: sections.slice(0, Math.max(1, pages - 1)) };
}
