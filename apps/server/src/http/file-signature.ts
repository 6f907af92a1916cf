/**
 * What an uploaded file is by its first bytes, whatever its name and declared type say: a file picked by
 * mistake (a document, an image, an archive) is told from text before it is read as CSV.
 */

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Leading bytes of files that are not text (a zip among them: xlsx, docx). */
const binaryMagic = [
  ZIP,
  [0xd0, 0xcf, 0x11, 0xe0], // xls, doc
  [0x25, 0x50, 0x44, 0x46], // pdf
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
  [0x47, 0x49, 0x46, 0x38], // gif
  [0x1f, 0x8b], // gzip
];

const startsWith = (data: Buffer, magic: readonly number[]) => magic.every((byte, i) => data[i] === byte);

/** A zip archive (an XLSX workbook is one). */
export const isZip = (data: Buffer) => startsWith(data, ZIP);

/** Not text: a known binary signature, or a NUL in its first 8 KiB. */
export const looksBinary = (data: Buffer) => binaryMagic.some((magic) => startsWith(data, magic)) || data.subarray(0, 8192).includes(0);
