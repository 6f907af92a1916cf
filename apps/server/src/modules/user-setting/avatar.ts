/** Image types accepted as avatars, recognised by their leading bytes, never by the declared type. */
const signatures: Array<{ ext: 'png' | 'jpg' | 'gif' | 'webp'; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', test: (b) => b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export type ImageExt = (typeof signatures)[number]['ext'];

export function sniffImage(data: Buffer): ImageExt | undefined {
  return signatures.find((s) => s.test(data))?.ext;
}

export const imageMime: Record<ImageExt, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Names the server gives stored files: a random UUID and the sniffed extension (nothing from the client). */
export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;
export const UPLOADS_URL_PREFIX = '/uploads/';
