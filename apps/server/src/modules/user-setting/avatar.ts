import { imageSize } from 'image-size';

/** Image types accepted as avatars, recognised by their leading bytes, never by the declared type. */
const signatures: Array<{ ext: 'png' | 'jpg' | 'gif' | 'webp'; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', test: (b) => b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export type ImageExt = (typeof signatures)[number]['ext'];

function sniffImage(data: Buffer): ImageExt | undefined {
  return signatures.find((s) => s.test(data))?.ext;
}

/**
 * Largest width and height of an avatar, in pixels. Every viewer decodes the image in full, so a small
 * file whose header claims a huge picture (a decompression bomb) is refused before it is stored.
 */
const AVATAR_MAX_SIDE = 4096;

export type ImageCheck =
  | { ok: true; ext: ImageExt; width: number; height: number }
  /** `type`: not an accepted image, or a header that cannot be read; `dimensions`: larger than AVATAR_MAX_SIDE. */
  | { ok: false; reason: 'type' | 'dimensions' };

/** image-size's name of each accepted type. */
const sizeType: Record<ImageExt, string> = { png: 'png', jpg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * Checks an upload by its bytes: the type from the signature, the dimensions from the header (read by
 * image-size, which never decodes the pixels). A header that cannot be read, or that reads as another
 * type than the signature, is not an accepted image.
 */
export function checkImage(data: Buffer): ImageCheck {
  const ext = sniffImage(data);
  if (!ext) return { ok: false, reason: 'type' };
  let width: number | undefined;
  let height: number | undefined;
  try {
    const size = imageSize(data);
    if (size.type !== sizeType[ext]) return { ok: false, reason: 'type' };
    ({ width, height } = size);
  } catch {
    return { ok: false, reason: 'type' };
  }
  if (!Number.isInteger(width) || !Number.isInteger(height) || width! <= 0 || height! <= 0) return { ok: false, reason: 'type' };
  if (width! > AVATAR_MAX_SIDE || height! > AVATAR_MAX_SIDE) return { ok: false, reason: 'dimensions' };
  if (ext === 'gif' && !gifFramesFit(data, AVATAR_MAX_SIDE)) return { ok: false, reason: 'dimensions' };
  return { ok: true, ext, width: width!, height: height! };
}

/**
 * image-size reads a GIF's logical screen only, but browsers enlarge the canvas to a first frame that is
 * larger than the screen: every frame's extent must fit too. Walks the blocks (extensions and image data
 * are chains of length-prefixed sub-blocks); a file that ends early is judged on the frames it has.
 */
function gifFramesFit(data: Buffer, max: number): boolean {
  let pos = 13; // header (6) and logical screen descriptor (7)
  const colorTable = (packed: number) => ((packed & 0x80) !== 0 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  pos += colorTable(data[10] ?? 0);
  const skipSubBlocks = () => {
    while (pos < data.length && data[pos] !== 0) pos += data[pos]! + 1;
    pos += 1; // the terminator
  };
  while (pos < data.length) {
    const block = data[pos];
    if (block === 0x3b) return true; // trailer
    if (block === 0x21) {
      pos += 2; // introducer and label
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (pos + 10 > data.length) return true;
      const left = data.readUInt16LE(pos + 1);
      const top = data.readUInt16LE(pos + 3);
      const width = data.readUInt16LE(pos + 5);
      const height = data.readUInt16LE(pos + 7);
      if (left + width > max || top + height > max) return false;
      pos += 10 + colorTable(data[pos + 9]!) + 1; // descriptor, local color table, LZW minimum code size
      skipSubBlocks();
    } else {
      return true; // not a block a decoder goes on after
    }
  }
  return true;
}

export const imageMime: Record<ImageExt, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Names the server gives stored files: a random UUID and the sniffed extension (nothing from the client). */
export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;
export const UPLOADS_URL_PREFIX = '/uploads/';
