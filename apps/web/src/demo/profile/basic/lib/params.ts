/**
 * The parameter rows of the basic profile with their display format; the change-log
 * drawer uses the same rows, so a value reads the same in both places.
 */
type Translate = (key: string, params?: Record<string, string | number>) => string;
type Format = 'mode' | 'plain' | 'fps' | 'bps' | 'kbps' | 'channels';

export interface ParamRow {
  /** Dotted path inside `{ video, audio }`. */
  path: string;
  labelKey: string;
  format: Format;
}

const video = (path: string, format: Format): ParamRow => ({ path: `video.${path}`, labelKey: `basicProfile.label.video.${path}`, format });
const audio = (path: string, format: Format): ParamRow => ({ path: `audio.${path}`, labelKey: `basicProfile.label.audio.${path}`, format });

export const videoRows: ParamRow[] = [
  video('mode', 'mode'),
  video('acquisition.resolution', 'plain'),
  video('acquisition.frameRate', 'fps'),
  video('encoding.resolution', 'plain'),
  video('encoding.rate.min', 'bps'),
  video('encoding.rate.max', 'bps'),
  video('encoding.rate.default', 'bps'),
  video('encoding.frameRate', 'fps'),
  video('encoding.profile', 'plain'),
];

export const audioRows: ParamRow[] = [
  audio('mode', 'mode'),
  audio('acquisition.channels', 'channels'),
  audio('encoding.channels', 'channels'),
  audio('encoding.rate', 'kbps'),
  audio('encoding.profile', 'plain'),
];

export function valueAt(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** `-` for a missing value. */
export function formatParam(row: ParamRow, value: unknown, t: Translate): string {
  if (value === undefined || value === null || value === '') return '-';
  switch (row.format) {
    case 'mode':
      return ['custom', 'mode1', 'mode2'].includes(String(value)) ? t(`groupForm.option.mode.${String(value)}`) : String(value);
    case 'fps':
      return `${String(value)} fps`;
    case 'bps':
      return `${String(value)} bps`;
    case 'kbps':
      return `${String(value)} kbps`;
    case 'channels':
      return `${String(value)} ${t('basicProfile.unit.audio.channels')}`;
    default:
      return String(value);
  }
}

/**
 * Rows of a change-log entry: `before` and `after` are keyed by dotted path (`video.encoding.rate.min`);
 * only the parameters that changed are listed, in the order of the profile.
 */
export function changedRows(before: Record<string, unknown>, after: Record<string, unknown>): ParamRow[] {
  return [...videoRows, ...audioRows].filter((row) => (row.path in before || row.path in after) && JSON.stringify(before[row.path]) !== JSON.stringify(after[row.path]));
}
