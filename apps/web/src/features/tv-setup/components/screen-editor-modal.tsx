import { Alert, Button, Grid, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Screen } from '@tun/shared/screens';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangedElsewhereAlert } from '../../../components/changed-elsewhere-alert';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateScreen, useUpdateScreen } from '../api/save-screen';
import { inputOf, sameValues, valuesOf, type ScreenFormValues } from '../model/screen-form-values';
import { ScreenFields } from './screen-fields';
import { ScreenPreview } from './screen-preview';
import { showServerErrors, useScreenForm } from './use-screen-form';

interface ScreenEditorModalProps {
  opened: boolean;
  /** The screen as the list has it now (live). */
  screen: Screen | undefined;
  /** A new screen; otherwise nothing shows until `screen` is there. */
  isNew: boolean;
  onClose: () => void;
}

/**
 * «Rediger skjerm» and «Ny skjerm»: name, place and layout with a live preview. A new screen
 * made here waits for a TV to be paired with it. Clicking beside it does not close it: that
 * would lose the edits.
 */
export function ScreenEditorModal({ opened, screen, isNew, onClose }: ScreenEditorModalProps) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 62em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={screen ? t('tvSetup.editor.editTitle', { name: screen.name }) : t('tvSetup.editor.newTitle')}
      size="80rem"
      fullScreen={small}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open and keyed by the screen: each opening starts from it as it is now. */}
      {opened && (isNew || screen) && (
        <ScreenEditor key={screen?.id ?? 'new'} screen={isNew ? undefined : screen} onDone={onClose} />
      )}
    </Modal>
  );
}

function ScreenEditor({ screen, onDone }: { screen: Screen | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateScreen();
  const update = useUpdateScreen();
  const mutation = screen ? update : create;
  const form = useScreenForm(screen);

  const adopt = (values: ScreenFormValues) => {
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };

  // Another admin's save shows at once in an untouched form; edits in progress are kept.
  useEffect(() => {
    if (!screen) return;
    const remote = valuesOf(screen);
    if (sameValues(remote, form.getValues()) || !form.isDirty()) adopt(remote);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored screen changes
  }, [screen]);

  const values = form.getValues();
  const remote = screen ? valuesOf(screen) : undefined;
  const changedElsewhere =
    remote !== undefined &&
    form.isDirty() &&
    !sameValues(remote, form.getInitialValues()) &&
    !sameValues(remote, values);

  const submit = form.onSubmit(
    async (submitted, event) => {
      const formElement = event?.currentTarget;
      const input = inputOf(submitted);
      try {
        const saved = screen
          ? await update.mutateAsync({ id: screen.id, patch: input })
          : await create.mutateAsync(input);
        notify({
          color: 'fjord',
          message: t(screen ? 'tvSetup.editor.saved' : 'tvSetup.editor.created', { name: saved.name }),
        });
        onDone();
      } catch (error) {
        if (showServerErrors(form, error)) focusFirstInvalid(formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const failed = mutation.isError && Object.keys(form.errors).length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {changedElsewhere && remote && (
              <ChangedElsewhereAlert
                title={t('tvSetup.editor.changedElsewhere.title')}
                message={t('tvSetup.editor.changedElsewhere.message')}
                reloadLabel={t('tvSetup.editor.changedElsewhere.reload')}
                onReload={() => adopt(remote)}
              />
            )}
            {failed && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden="true" />}
                title={t('tvSetup.editor.failed')}
                role="alert"
              >
                {errorMessage(mutation.error)}
              </Alert>
            )}
            <ScreenFields form={form} idPrefix="screen-editor" autoFocusName />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs" component="section" aria-labelledby="screen-preview-heading">
            <Title order={2} size="h5" id="screen-preview-heading">
              {t('tvSetup.preview.title')}
            </Title>
            <ScreenPreview values={values} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button type="button" variant="default" onClick={onDone} disabled={mutation.isPending}>
          {t('tvSetup.editor.cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {screen ? t('tvSetup.editor.save') : t('tvSetup.editor.create')}
        </Button>
      </Group>
    </form>
  );
}
