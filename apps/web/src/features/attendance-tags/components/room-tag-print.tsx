import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { LazyQrCode } from './lazy-qr-code';
import './room-tag.css';

/**
 * What the print button puts on paper: a sheet of its own directly under <body>, hidden on the
 * screen; the print stylesheet hides everything else. (Printing the dialog itself would carry
 * its overlay, buttons and transforms onto the paper.)
 */
export function RoomTagPrint({ roomName, url, date }: { roomName: string; url: string; date: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return createPortal(
    <div className="room-tag-print" aria-hidden="true">
      <h1>{roomName}</h1>
      <LazyQrCode value={url} label={t('roomTag.qrLabel', { name: roomName })} size="120mm" />
      <p>{t('roomTag.printInstruction')}</p>
      <p>{format.date(`${date}T12:00:00Z`, { dateStyle: 'full' })}</p>
    </div>,
    document.body,
  );
}
