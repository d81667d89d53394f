import sharp, { type Sharp } from 'sharp';
import { ValidationError } from '../errors';
import {
  ACCEPTED_FORMATS,
  checkImageShape,
  invalidImage,
  MAX_IMAGE_PIXELS,
  UNREADABLE_MESSAGE,
  WRONG_TYPE_MESSAGE,
} from './upload-rules';

/**
 * The one way an uploaded image is decoded: header checked first, never enlarged, re-encoded as
 * WebP (which drops EXIF data such as GPS positions and anything appended to the file), within a
 * time limit. Every upload route goes through here (docs/decisions/0071-images-one-guarded-pipeline.md).
 */
export type ImageTarget =
  /** A square crop of this side, or of the image's short side when that is smaller. */
  | { square: number }
  /** Fits inside a box of this side; a smaller image keeps its size. */
  | { within: number };

/** Whole seconds (sharp's unit); with the header read before it, the answer comes well within 5 s. */
const ENCODE_TIMEOUT_SECONDS = 3;

/** The loaders of the accepted formats; SVG, TIFF, PDF and the rest are never parsed. */
const ALLOWED_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadGifBuffer',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadHeifBuffer',
];

let configured = false;
function configureSharp() {
  if (configured) return;
  configured = true;
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({ operation: ALLOWED_LOADERS });
  // Every upload is a different image: libvips' operation cache would only hold their pixels.
  sharp.cache(false);
}

function resized(image: Sharp, target: ImageTarget, shortSide: number): Sharp {
  if ('square' in target) {
    const side = Math.min(target.square, shortSide);
    return image.resize(side, side, { fit: 'cover', position: 'attention', withoutEnlargement: true });
  }
  return image.resize(target.within, target.within, { fit: 'inside', withoutEnlargement: true });
}

/** The bytes re-encoded as WebP for `target`; anything refused is a ValidationError on `image`. */
export async function reencodeImage(
  bytes: Uint8Array,
  target: ImageTarget,
  quality: number,
): Promise<Buffer> {
  configureSharp();
  try {
    // The header alone (no pixel is decoded), without sharp's pixel limit, which would refuse a
    // bomb before checkImageShape could say why.
    const header = sharp(bytes, { limitInputPixels: false, animated: false });
    const { format, width, height } = await header.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidImage(WRONG_TYPE_MESSAGE);
    checkImageShape({ width: width ?? 0, height: height ?? 0 });
    // limitInputPixels stays as the decoder's own backstop.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
    return await resized(image.rotate(), target, Math.min(width!, height!))
      .webp({ quality })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .toBuffer();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/unsupported image format/i.test(message)) throw invalidImage(WRONG_TYPE_MESSAGE);
    if (/timeout/i.test(message)) throw invalidImage('This image takes too long to process.');
    throw invalidImage(UNREADABLE_MESSAGE);
  }
}
