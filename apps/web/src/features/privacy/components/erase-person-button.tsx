import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconShieldX } from '@tabler/icons-react';
import { fullName, shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { useErasePerson } from '../api/erase-person';

function normalized(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * 'Slett personopplysninger' for the user details dialog. The confirmation explains what is
 * deleted and what is kept, and asks for the person's name, since erasure cannot be undone.
 */
export function ErasePersonButton({
  person,
  onErased,
}: {
  person: Pick<Person, 'id' | 'name'>;
  onErased?: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const canManage = useCan('privacy:manage');
  const session = useSession();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const erase = useErasePerson();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  // The server refuses it too; the button is not offered for one's own data.
  if (!canManage || session.user.id === person.id) return null;

  const name = fullName(person.name);
  const matches = normalized(typed) === normalized(name);
  const close = () => {
    setOpened(false);
    setTyped('');
    erase.reset();
  };
  const confirm = () =>
    erase.mutate(person.id, {
      onSuccess: () => {
        notify({ color: 'fjord', message: t('personPrivacy.erased', { name: shortFullName(person.name) }) });
        close();
        onErased?.();
      },
    });

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconShieldX size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {t('personPrivacy.erase')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('personPrivacy.eraseTitle')}
        size="lg"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) confirm();
          }}
        >
          <Stack gap="md">
            <Text fw={500}>{t('personPrivacy.eraseIntro', { name })}</Text>
            <List spacing="xs" size="sm">
              <List.Item>{t('personPrivacy.eraseWhat.person')}</List.Item>
              <List.Item>{t('personPrivacy.eraseWhat.audit')}</List.Item>
              <List.Item>{t('personPrivacy.eraseWhat.history')}</List.Item>
              <List.Item>{t('personPrivacy.eraseWhat.exportFirst')}</List.Item>
            </List>
            <TextInput
              label={t('personPrivacy.confirmLabel', { name })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {erase.isError && (
              <Alert
                role="alert"
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden="true" />}
                title={t('personPrivacy.eraseFailed')}
              >
                {errorMessage(erase.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('personPrivacy.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>
                {t('personPrivacy.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
