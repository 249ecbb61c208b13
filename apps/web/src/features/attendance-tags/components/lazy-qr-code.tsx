import { Center, Loader, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The encoder is loaded only where a code is shown (staff's tag dialog, a room's screen).
const QrCode = lazy(() =>
  import('../../../components/qr-code').then((module) => ({ default: module.QrCode })),
);

class QrBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The QR code, or a note when it cannot be drawn (the link is shown beside it either way). */
export function LazyQrCode(props: { value: string; label: string; size: number | string }) {
  const { t } = useTranslation();
  return (
    <QrBoundary
      fallback={
        <Text size="sm" c="dimmed">
          {t('roomTag.qrUnavailable')}
        </Text>
      }
    >
      <Suspense
        fallback={
          <Center w={props.size} h={props.size}>
            <Loader aria-label={t('app.loading')} />
          </Center>
        }
      >
        <QrCode {...props} />
      </Suspense>
    </QrBoundary>
  );
}
