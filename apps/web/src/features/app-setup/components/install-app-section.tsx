import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStandalone, useInstallPrompt } from '../../../lib/pwa';
import { installAddress } from '../model/install-address';
import { QrCode } from '../../../components/qr-code';

const QR_SIZE = 168;

/**
 * «Installer appen», for everyone: the school's address as a QR code to open on the phone, the
 * browser's own install button where it offers one, and the steps for iPhone and Android.
 */
export function InstallAppSection() {
  const { t } = useTranslation();
  const { canInstall, install } = useInstallPrompt();
  // Read once: a page cannot leave or enter the installed window without loading again.
  const [installed] = useState(isStandalone);
  const address = installAddress(window.location.origin);

  return (
    <SettingsSection
      id="install-app-heading"
      title={t('appSetup.install.title')}
      intro={t('appSetup.install.intro')}
    >
      {installed ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} role="status">
          {t('appSetup.install.installed')}
        </Alert>
      ) : (
        canInstall && (
          <Group>
            <Button
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              onClick={() => void install()}
            >
              {t('appSetup.install.install')}
            </Button>
          </Group>
        )
      )}
      <Group align="center" gap="lg" wrap="wrap">
        <QrCode value={address} label={t('appSetup.install.qrLabel', { address })} size={QR_SIZE} />
        <Stack gap={4} maw={360}>
          <Text>{t('appSetup.install.qrHint')}</Text>
          <Anchor href={address} style={{ overflowWrap: 'anywhere' }}>
            {address}
          </Anchor>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('appSetup.install.iphone.title')}
          </Title>
          <List type="ordered" spacing={4}>
            <List.Item>{t('appSetup.install.iphone.step1')}</List.Item>
            <List.Item>{t('appSetup.install.iphone.step2')}</List.Item>
            <List.Item>{t('appSetup.install.iphone.step3')}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('appSetup.install.iphone.push')}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('appSetup.install.android.title')}
          </Title>
          <List type="ordered" spacing={4}>
            <List.Item>{t('appSetup.install.android.step1')}</List.Item>
            <List.Item>{t('appSetup.install.android.step2')}</List.Item>
            <List.Item>{t('appSetup.install.android.step3')}</List.Item>
          </List>
        </Stack>
      </SimpleGrid>
    </SettingsSection>
  );
}
