import {
  Alert,
  Avatar,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../entities/session/get-session';
import { useUpdateMe } from '../api/update-me';

// The server's rule (profilePicUrlSchema), repeated here to keep zod out of the app shell.
const PICTURE_URL = /^(?:\/(?!\/)\S*|https:\/\/[^\s/]+\S*)$/i;
const PICTURE_URL_MAX = 2000;

function initials(name: { first: string; last: string }): string {
  return `${[...name.first][0] ?? ''}${[...name.last][0] ?? ''}`.toUpperCase();
}

/**
 * 'Min profil': the signed-in person's own picture and first-setup flag (userMutableData), and
 * below them what the app adds (`children`: how they sign in).
 */
export function ProfileDialog({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const updateMe = useUpdateMe();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const data = session.user.userMutableData;

  const form = useForm({
    initialValues: {
      profilePicURL: data.profilePicURL ?? '',
      firstSetupDone: data.firstSetupDone ?? false,
    },
    validate: {
      profilePicURL: (value) =>
        !value.trim() || (value.trim().length <= PICTURE_URL_MAX && PICTURE_URL.test(value.trim()))
          ? null
          : i18next.t('people.profile.pictureInvalid'),
    },
  });

  const close = () => {
    updateMe.reset();
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await updateMe.mutateAsync({
        userMutableData: {
          profilePicURL: values.profilePicURL.trim(),
          firstSetupDone: values.firstSetupDone,
        },
      });
    } catch {
      return;
    }
    notify({ color: 'fjord', message: t('people.profile.saved') });
    form.resetDirty();
    onClose();
  });

  const preview = form.values.profilePicURL.trim();

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('people.profile.title')}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {updateMe.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('people.profile.failed')}
              role="alert"
            >
              {errorMessage(updateMe.error)}
            </Alert>
          )}
          <Group gap="sm" wrap="nowrap">
            <Avatar
              size="lg"
              radius="xl"
              color="fjord"
              src={preview && PICTURE_URL.test(preview) ? preview : null}
              alt={t('people.profile.preview')}
            >
              {initials(session.user.name)}
            </Avatar>
            <Text fw={600}>{shortFullName(session.user.name)}</Text>
          </Group>
          <TextInput
            label={t('people.profile.picture')}
            description={t('people.profile.pictureDescription')}
            type="url"
            inputMode="url"
            maxLength={PICTURE_URL_MAX}
            autoComplete="photo"
            data-autofocus
            {...form.getInputProps('profilePicURL')}
          />
          <Checkbox
            label={t('people.profile.firstSetupDone')}
            description={t('people.profile.firstSetupDoneDescription')}
            {...form.getInputProps('firstSetupDone', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={close} disabled={updateMe.isPending}>
              {t('people.profile.cancel')}
            </Button>
            <Button type="submit" loading={updateMe.isPending}>
              {t('people.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {children && (
        <>
          <Divider my="lg" />
          {children}
        </>
      )}
    </Modal>
  );
}
