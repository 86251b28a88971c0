import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markVariants, variantKey } from '@dance/domain';
import sharp from 'sharp';
import { type ImageVariant, makeWebpVariants } from '../adapters/files/variants';

/**
 * The demo's posters and banners are drawn as SVG and stored as an uploaded photo is (decision 0077): a WebP
 * original and its WebP variants (decision 0063), the URL marked with their widths. As SVG, each was a document
 * of its own that the browser builds on the page's main thread (40-180 ms each on a slow phone, half a second
 * of a library page's blocking time), which no real catalogue's photos cost; and the demo never went through the
 * variants' srcset that production serves.
 */

/**
 * Drawing and encoding take about 75 ms per picture, so a machine keeps what it drew (keyed by the SVG) for the
 * next seed: the end-to-end lanes, the benches and every fresh `pnpm dev` folder seed the same pictures.
 */
const CACHE_DIR = join(tmpdir(), 'dance-demo-images-v1');
const ORIGINAL = 'original.webp';

interface DrawnImage {
  original: Buffer;
  variants: Pick<ImageVariant, 'width' | 'body'>[];
}

/** Drawn once, losslessly, then made into variants as an upload is (the encoder at its quickest effort). */
async function draw(svg: string): Promise<DrawnImage> {
  const drawn = sharp(Buffer.from(svg));
  const { width } = await drawn.metadata();
  const png = await drawn.png({ compressionLevel: 0 }).toBuffer();
  const variants = await makeWebpVariants(png, ORIGINAL, { effort: 1 });
  // A poster as wide as its widest variant is that variant: one encoding fewer.
  const widest = variants.find((v) => v.width === width);
  const original = widest?.body ?? (await sharp(png).webp({ quality: 82, effort: 1 }).toBuffer());
  return { original, variants };
}

async function readCached(dir: string): Promise<DrawnImage | null> {
  try {
    const widths = JSON.parse(await readFile(join(dir, 'widths.json'), 'utf8')) as number[];
    return {
      original: await readFile(join(dir, ORIGINAL)),
      variants: await Promise.all(
        widths.map(async (width) => ({
          width,
          body: await readFile(join(dir, variantKey(ORIGINAL, width))),
        })),
      ),
    };
  } catch {
    return null;
  }
}

/** Kept under a temporary name first and renamed: two seeds at once (two API processes) never read half a copy. */
async function writeCached(dir: string, image: DrawnImage): Promise<void> {
  const staging = `${dir}.${randomUUID()}`;
  try {
    await mkdir(staging, { recursive: true });
    await writeFile(join(staging, ORIGINAL), image.original);
    for (const v of image.variants) await writeFile(join(staging, variantKey(ORIGINAL, v.width)), v.body);
    await writeFile(join(staging, 'widths.json'), JSON.stringify(image.variants.map((v) => v.width)));
    await rename(staging, dir);
  } catch {
    // Another seed kept it first, or the temporary folder is not writable: the next seed draws it again.
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Writes the picture drawn by `svg` as `<dir>/<name>.webp` with its variants beside it, and answers its URL under
 * `urlDir`, marked with the variants' widths: `/files/demo/video-001.webp#webp=320,640,960,1280`.
 */
export async function writeDemoImage(
  dir: string,
  urlDir: string,
  name: string,
  svg: string,
): Promise<string> {
  const cached = join(CACHE_DIR, createHash('sha256').update(svg).digest('hex').slice(0, 32));
  let image = await readCached(cached);
  if (!image) {
    image = await draw(svg);
    await mkdir(CACHE_DIR, { recursive: true }).then(
      () => writeCached(cached, image as DrawnImage),
      () => {},
    );
  }
  const file = `${name}.webp`;
  await writeFile(join(dir, file), image.original);
  await Promise.all(image.variants.map((v) => writeFile(join(dir, variantKey(file, v.width)), v.body)));
  return markVariants(
    `${urlDir}/${file}`,
    image.variants.map((v) => v.width),
  );
}
