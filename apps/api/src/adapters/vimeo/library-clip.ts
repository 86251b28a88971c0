import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaLibraryRow } from '../../db/schema';
import { runFfmpeg } from '../video/local/ffmpeg';

/**
 * The local media library holds no footage (it stands in for Vimeo, decision 0033): its file is a clip
 * rendered from the row, a moving test picture with the video's name and a tone, at most this long, so an
 * import on a laptop takes seconds, not the length of the video.
 */
export const LIBRARY_CLIP_MAX_SECONDS = 30;

const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];

/** Renders the library video's clip to `dest` (MP4, 640x360, H.264 and AAC). */
export async function renderLibraryClip(
  row: Pick<MediaLibraryRow, 'id' | 'name' | 'durationSeconds'>,
  dest: string,
  signal?: AbortSignal,
) {
  const seconds = Math.max(
    4,
    Math.min(row.durationSeconds || LIBRARY_CLIP_MAX_SECONDS, LIBRARY_CLIP_MAX_SECONDS),
  );
  const tone = 220 + (createHash('sha1').update(row.id).digest().readUInt8(0) % 8) * 40;
  const font = FONTS.find((f) => existsSync(f));
  const dir = await mkdtemp(join(tmpdir(), 'library-clip-'));
  try {
    // The name goes through a file, so no character of it is read as filter syntax.
    const textFile = join(dir, 'title.txt');
    await writeFile(textFile, row.name.slice(0, 60));
    const filters = font
      ? [
          `drawbox=x=0:y=ih-90:w=iw:h=90:color=black@0.6:t=fill`,
          `drawtext=fontfile='${font}':textfile='${textFile}':fontcolor=white:fontsize=26:x=(w-text_w)/2:y=h-62`,
        ]
      : [];
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=640x360:rate=24:duration=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${tone}:beep_factor=4:duration=${seconds}`,
        ...(filters.length ? ['-vf', filters.join(',')] : []),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-f',
        'mp4',
        dest,
      ],
      { signal },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
