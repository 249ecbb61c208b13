import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useRoomTag } from '../api/get-room-tag';
import { LazyQrCode } from './lazy-qr-code';

interface RoomTagDisplayProps {
  roomId: string;
  roomName: string;
  opened: boolean;
  onClose: () => void;
}

/** A room's screen: the code of the minute, big, filling the window (and the screen, if asked). */
export function RoomTagDisplay({ roomId, roomName, opened, onClose }: RoomTagDisplayProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={t('roomTag.displayTitle', { name: roomName })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {/* Mounted only while shown, so the code is fetched only then. */}
      <DisplayContent roomId={roomId} roomName={roomName} />
    </Modal>
  );
}

/**
 * The tag query refetches as the code's seconds run out, so a new code replaces the old one as
 * each minute ends and a photo of it is soon useless.
 */
function DisplayContent({ roomId, roomName }: { roomId: string; roomName: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const tag = useRoomTag(roomId);
  const content = useRef<HTMLDivElement>(null);
  const canFullscreen = document.fullscreenEnabled;

  return (
    <Stack ref={content} align="center" gap="lg" py="md" bg="var(--mantine-color-body)">
      <Title order={2} ta="center" size="h1">
        {t('roomTag.displayInstruction')}
      </Title>
      {tag.data && (
        <LazyQrCode
          value={tag.data.scanUrl}
          label={t('roomTag.qrLabel', { name: roomName })}
          size="min(70vh, 90vw)"
        />
      )}
      {tag.isError && (
        <Text size="lg" c="red.8" role="alert">
          {errorMessage(tag.error)}
        </Text>
      )}
      <Text size="lg">{t('roomTag.displayRefresh')}</Text>
      {canFullscreen && (
        <Button
          variant="default"
          leftSection={<IconMaximize size={18} aria-hidden="true" />}
          onClick={() => void content.current?.requestFullscreen().catch(() => {})}
        >
          {t('roomTag.fullscreen')}
        </Button>
      )}
    </Stack>
  );
}
