import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import styles from './two-step.module.css';

/** Light modules around the code, as the QR specification asks: scanners find the code by this margin. */
const QUIET_ZONE = 4;

/**
 * The dark modules of `text`'s QR code as one SVG path, a run of dark modules in a row being one
 * rectangle, in module units (the quiet zone included in `size`).
 */
export function qrCodePath(text: string): { size: number; d: string } {
  // Level M (15 % of the code may be damaged): an otpauth URI stays a small code that phones read at once.
  const qr = qrcode(0, 'M');
  // Byte mode takes one byte per character (the library keeps the low 8 bits): the text goes as its UTF-8
  // bytes, so an issuer or account name outside ASCII reaches the app intact.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, d };
}

/**
 * A QR code drawn in the browser (the secret it carries never goes to another service), as an SVG image
 * with an accessible name. Dark on white in both themes: authenticator apps read only that way round.
 */
export function TwoStepQrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { size: modules, d } = useMemo(() => qrCodePath(value), [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges" className={styles.qr} data-testid="two-step-qr">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
