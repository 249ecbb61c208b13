import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Room } from '@tun/shared/rooms';
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/copyable-link-field';
import { faultReportUrl } from '../model/fault-report-url';
import './fault-report-print.css';

// The encoder is loaded only when a code is shown.
const QrCode = lazy(() =>
  import('../../../components/qr-code').then((module) => ({ default: module.QrCode })),
);

interface FaultReportQrModalProps {
  opened: boolean;
  room: Room | undefined;
  onClose: () => void;
}

/**
 * A room's «Meld feil i dette rommet» code (decision 026), to print and put up in the room:
 * scanning it opens the report form with the room already chosen.
 */
export function FaultReportQrModal({ opened, room, onClose }: FaultReportQrModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? t('janitorBoard.faultQr.title', { name: room.name }) : t('janitorBoard.faultQr.open')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {/* Mounted only while open: the printout goes with it. */}
      {opened && room && <FaultReportQr room={room} />}
    </Modal>
  );
}

function FaultReportQr({ room }: { room: Room }) {
  const { t } = useTranslation();
  const url = faultReportUrl(room.id);
  const label = t('janitorBoard.faultQr.qrLabel', { name: room.name });
  const loading = (size: string | number) => (
    <Center w={size} h={size}>
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
  return (
    <Stack gap="md">
      <Text>{t('janitorBoard.faultQr.help')}</Text>
      <Center>
        <Suspense fallback={loading(240)}>
          <QrCode value={url} label={label} size={240} />
        </Suspense>
      </Center>
      <CopyableLinkField
        id={`fault-report-link-${room.id}`}
        label={t('janitorBoard.faultQr.link')}
        url={url}
      />
      <Group>
        <Button leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
          {t('janitorBoard.faultQr.print')}
        </Button>
      </Group>
      {createPortal(
        <div className="fault-report-print" aria-hidden="true">
          <h1>{room.name}</h1>
          <h2>{t('janitorBoard.faultQr.heading')}</h2>
          <Suspense fallback={null}>
            <QrCode value={url} label={label} size="120mm" />
          </Suspense>
          <p>{t('janitorBoard.faultQr.printInstruction')}</p>
          <p>{url}</p>
        </div>,
        document.body,
      )}
    </Stack>
  );
}
