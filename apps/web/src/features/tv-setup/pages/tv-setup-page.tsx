import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Screen } from '@tun/shared/screens';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useScreens } from '../api/get-screens';
import { EmergencySection } from '../components/emergency-section';
import { PairingSection } from '../components/pairing-section';
import { ScreenEditorModal } from '../components/screen-editor-modal';
import { ScreensTable } from '../components/screens-table';

/**
 * SPEC §2 /app/tv-setup: the school's info screens. Pair a TV by the code it shows, see which
 * screens are on, edit what each shows, and raise an emergency banner on all of them.
 */
export function TvSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.tvSetup.title'));
  const { code } = useSearch({ from: '/app/tv-setup' });
  const navigate = useNavigate();
  const screens = useScreens();
  // The screen is looked up in the live list, so the dialog sees another admin's saves.
  const [editor, setEditor] = useState<{ opened: boolean; screenId?: string }>({ opened: false });
  const editing = editor.screenId ? screens.data?.find((screen) => screen.id === editor.screenId) : undefined;
  // A screen deleted by another admin while its dialog is open: saving could not succeed, so
  // the dialog closes and says why.
  const deletedElsewhere = editor.opened && editor.screenId !== undefined && !!screens.data && !editing;
  useEffect(() => {
    if (deletedElsewhere) notify({ color: 'orange', message: t('tvSetup.editor.deletedElsewhere') });
  }, [deletedElsewhere, t]);

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{t('pages.tvSetup.title')}</Title>
        <Text c="dimmed">{t('tvSetup.intro')}</Text>
      </Stack>

      <PairingSection
        initialCode={code}
        screens={screens.data ?? []}
        onFinished={() => void navigate({ to: '/app/tv-setup', search: {}, replace: true })}
      />

      <SettingsSection
        id="screens-heading"
        title={t('tvSetup.list.title')}
        actions={
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setEditor({ opened: true })}
          >
            {t('tvSetup.list.new')}
          </Button>
        }
      >
        {screens.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {screens.isError && (
          <LoadError
            title={t('tvSetup.list.loadFailed')}
            error={screens.error}
            onRetry={() => void screens.refetch()}
          />
        )}
        {screens.data && screens.data.length === 0 && <Text>{t('tvSetup.list.empty')}</Text>}
        {screens.data && screens.data.length > 0 && (
          <ScreensTable
            screens={screens.data}
            onEdit={(screen: Screen) => setEditor({ opened: true, screenId: screen.id })}
          />
        )}
      </SettingsSection>

      <EmergencySection />

      <ScreenEditorModal
        opened={editor.opened && !deletedElsewhere}
        screen={editing}
        isNew={editor.screenId === undefined}
        onClose={() => setEditor((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
