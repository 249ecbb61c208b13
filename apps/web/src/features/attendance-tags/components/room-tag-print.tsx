import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../entities/session/get-session';
import { useFormatters } from '../../../lib/dates';
import { LazyQrCode } from './lazy-qr-code';
import './room-tag.css';

/**
 * What the print button puts on paper: a sheet of its own directly under <body>, hidden on the
 * screen; the print stylesheet hides everything else. (Printing the dialog itself would carry
 * its overlay, buttons and transforms onto the paper.)
 */
export function RoomTagPrint({
  roomId,
  roomName,
  url,
  date,
}: {
  roomId: string;
  roomName: string;
  url: string;
  date: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  // The second code of the sheet (decision 026): the janitor page's report form with the room set.
  const faultUrl = useSession().features.includes('maintenance')
    ? `${window.location.origin}/app/janitor?report=${encodeURIComponent(roomId)}`
    : null;
  return createPortal(
    <div className="room-tag-print" aria-hidden="true">
      <h1>{roomName}</h1>
      <LazyQrCode value={url} label={t('roomTag.qrLabel', { name: roomName })} size="120mm" />
      <p>{t('roomTag.printInstruction')}</p>
      <p>{format.date(`${date}T12:00:00Z`, { dateStyle: 'full' })}</p>
      {faultUrl && (
        <div className="room-tag-print-fault">
          <LazyQrCode
            value={faultUrl}
            label={t('janitorBoard.faultQr.qrLabel', { name: roomName })}
            size="40mm"
          />
          <div>
            <h2>{t('janitorBoard.faultQr.heading')}</h2>
            <p>{t('janitorBoard.faultQr.printInstruction')}</p>
            <p className="room-tag-print-link">{faultUrl}</p>
          </div>
        </div>
      )}
    </div>,
    document.body,
  );
}
