import { ValidationError } from '../errors';

/**
 * What an uploaded image must be before and after its header is read, for every route that takes
 * one (profile picture, post image, anything later). The figures are argued in
 * docs/decisions/0071-images-one-guarded-pipeline.md.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
/** sharp's names for the types above (AVIF is read by the HEIF loader). */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_ASPECT_RATIO = 20;

export const WRONG_TYPE_MESSAGE = 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.';
export const UNREADABLE_MESSAGE = 'This file is not an image we can read.';

/** A refusal on the form's `image` field, which every upload form names so. */
export const invalidImage = (message: string) => new ValidationError({ image: [message] }, message);

/** The checks that need no decoding: something was sent, within 5 MB, declared as an image. */
export function checkUpload(upload: { bytes: Uint8Array; declaredType: string }): void {
  if (upload.bytes.byteLength === 0) throw invalidImage('Please choose an image.');
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES) throw invalidImage('The image is larger than 5 MB.');
  if (!upload.declaredType.startsWith('image/')) throw invalidImage(WRONG_TYPE_MESSAGE);
}

/**
 * The checks on the header's dimensions, before a pixel is decoded: a thin strip (which a crop
 * would have to scale up along its long side), a side longer than any camera's, or a
 * decompression bomb's pixel count.
 */
export function checkImageShape({ width, height }: { width: number; height: number }): void {
  if (!(width >= 1 && height >= 1)) throw invalidImage(UNREADABLE_MESSAGE);
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    throw invalidImage(
      `This image is too narrow or too wide: its long side may be at most ${MAX_ASPECT_RATIO} times its short side.`,
    );
  }
  if (Math.max(width, height) > MAX_IMAGE_SIDE) {
    throw invalidImage(
      `This image is too large: at most ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels on a side.`,
    );
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalidImage(`This image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
}
