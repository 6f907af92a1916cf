import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { fileRows, type FileData } from './import-file.ts';

/** A file as the job's row gives it back: `size` bytes at a time, from the start on each call. */
const inSlices = (data: Buffer, size: number): FileData =>
  async function* () {
    for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
  };
const rows = async (data: FileData) => {
  const out: string[][] = [];
  for await (const rows of fileRows(data, 'csv')) out.push(...rows.map((r) => r.cells));
  return out;
};

describe('a CSV read back a slice at a time', () => {
  const text = '\ufeff名称,备注\n"台灯, 暖光","说 ""好"""\n落地灯,\n';

  it('reads the same rows whatever the slices cut through (a character, a quote, the BOM)', async () => {
    const whole = await rows(Buffer.from(text));
    expect(whole).toEqual([['名称', '备注'], ['台灯, 暖光', '说 "好"'], ['落地灯', '']]);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(await rows(inSlices(Buffer.from(text), size)), `${size} bytes a slice`).toEqual(whole);
  });

  it('reads a file that is not UTF-8 as GB18030, slices and all', async () => {
    // 名称,数量 / 台灯,3 in GB18030
    const gb = Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a, 0xcc, 0xa8, 0xb5, 0xc6, 0x2c, 0x33, 0x0a]);
    expect(await rows(gb)).toEqual([['名称', '数量'], ['台灯', '3']]);
    expect(await rows(inSlices(gb, 3))).toEqual([['名称', '数量'], ['台灯', '3']]);
  });

  it('refuses a quote left open, naming the line it opened on, wherever the slices cut', async () => {
    const open = Buffer.from('名称,备注\n台灯,好\n"落地灯,坏\n');
    for (const data of [open, inSlices(open, 4)]) {
      const refused = await rows(data).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).details).toEqual([{ path: 'file', message: 'validation.importQuote|{"line":3}' }]);
    }
  });
});
