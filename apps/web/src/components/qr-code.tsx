import { create } from 'qrcode';
import { useMemo } from 'react';

/** Modules of light margin around the code, as the QR standard asks for reliable reading. */
const QUIET_ZONE = 4;

interface QrCodeProps {
  value: string;
  /** What the code is, for screen readers (the code itself means nothing to them). */
  label: string;
  /** CSS size of the square; the drawing scales without blurring. */
  size: number | string;
}

/**
 * A QR code drawn as one SVG path: sharp on a wall screen, on paper and at any size, black on
 * white whatever the colour scheme, no canvas or inline HTML. Error correction M survives a
 * scuffed printout and keeps a link small. Room tags and the app's install address use it.
 */
export function QrCode({ value, label, size }: QrCodeProps) {
  const { path, width } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: parts.join(''), width: modules.size + QUIET_ZONE * 2 };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff' }}
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
