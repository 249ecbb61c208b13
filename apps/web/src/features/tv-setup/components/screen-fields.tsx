import {
  ActionIcon,
  Checkbox,
  Fieldset,
  Group,
  Input,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  SCREEN_NAME_MAX,
  SCREEN_ORIENTATIONS,
  SCREEN_PLACE_MAX,
  type ScreenOrientation,
  type ScreenPanel,
} from '@tun/shared/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { movePanel, type ScreenFormValues } from '../model/screen-form-values';

/** The Select's value for «Hele skolen»: a Select's options need a string. */
const WHOLE_SCHOOL = 'whole-school';

interface ScreenFieldsProps {
  form: UseFormReturnType<ScreenFormValues>;
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  autoFocusName?: boolean;
}

/**
 * A screen's name, place and layout: the layout editor's fields, and those of a new screen
 * approved with a pairing code.
 */
export function ScreenFields({ form, idPrefix, autoFocusName = false }: ScreenFieldsProps) {
  const { t } = useTranslation();
  const rooms = useRooms();
  const values = form.getValues();
  const roomOptions = [
    { value: WHOLE_SCHOOL, label: t('tvSetup.form.wholeSchool') },
    ...(rooms.data ?? []).map((room) => ({ value: room.id, label: room.name })),
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus={autoFocusName || undefined}
          label={t('tvSetup.form.name')}
          description={t('tvSetup.form.nameDescription')}
          required
          maxLength={SCREEN_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('tvSetup.form.place')}
          description={t('tvSetup.form.placeDescription')}
          maxLength={SCREEN_PLACE_MAX}
          autoComplete="off"
          {...form.getInputProps('place')}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('tvSetup.form.orientation')}
        {...form.getInputProps('orientation')}
        onChange={(value) => form.setFieldValue('orientation', value as ScreenOrientation)}
      >
        <Group gap="lg" mt="xs">
          {SCREEN_ORIENTATIONS.map((orientation) => (
            <Radio key={orientation} value={orientation} label={t(`tvSetup.orientations.${orientation}`)} />
          ))}
        </Group>
      </Radio.Group>
      <PanelsField form={form} idPrefix={idPrefix} />
      <Select
        label={t('tvSetup.form.room')}
        description={t('tvSetup.form.roomDescription')}
        data={roomOptions}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('tvSetup.form.noRooms')}
        value={values.roomId === '' ? WHOLE_SCHOOL : values.roomId}
        onChange={(value) => form.setFieldValue('roomId', !value || value === WHOLE_SCHOOL ? '' : value)}
        error={form.errors.roomId}
      />
      <Stack gap="xs">
        <Switch
          label={t('tvSetup.form.dark')}
          description={t('tvSetup.form.darkDescription')}
          {...form.getInputProps('dark', { type: 'checkbox' })}
        />
        {values.dark && (
          <Group gap="md" align="flex-start">
            <TextInput
              type="time"
              label={t('tvSetup.form.darkFrom')}
              required
              w={160}
              {...form.getInputProps('darkFrom')}
            />
            <TextInput
              type="time"
              label={t('tvSetup.form.darkTo')}
              required
              w={160}
              {...form.getInputProps('darkTo')}
            />
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The panels, each with a checkbox and buttons that move it a step: ordering works with the
 * keyboard and a screen reader, not only by dragging. A move is announced, and the focus stays
 * on the panel moved.
 */
function PanelsField({ form, idPrefix }: Pick<ScreenFieldsProps, 'form' | 'idPrefix'>) {
  const { t } = useTranslation();
  const { order } = form.getValues();
  const [announcement, setAnnouncement] = useState('');
  const error = form.errors.panels;
  const errorId = `${idPrefix}-panels-error`;

  const move = (panel: ScreenPanel, step: -1 | 1) => {
    const moved = movePanel(order, panel, step);
    form.setFieldValue('order', moved);
    const position = moved.indexOf(panel) + 1;
    setAnnouncement(
      t('tvSetup.form.panelMoved', {
        panel: t(`tvSetup.panels.${panel}`),
        position,
        total: moved.length,
      }),
    );
    // The button moved with its row; at the top or bottom it is disabled, so its twin takes over.
    const atEnd = position === 1 || position === moved.length;
    const target = atEnd ? (step === -1 ? 'down' : 'up') : step === -1 ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${panel}-${target}`)?.focus());
  };

  return (
    <Fieldset
      legend={t('tvSetup.form.panels')}
      variant="unstyled"
      p={0}
      m={0}
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
      aria-describedby={error ? errorId : `${idPrefix}-panels-description`}
    >
      <Text size="xs" c="dimmed" id={`${idPrefix}-panels-description`} mb="xs">
        {t('tvSetup.form.panelsDescription')}
      </Text>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {order.map((panel, index) => {
          const label = t(`tvSetup.panels.${panel}`);
          return (
            <Group component="li" key={panel} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                label={label}
                {...form.getInputProps(`shown.${panel}`, { type: 'checkbox' })}
                onChange={(event) => {
                  form.setFieldValue(`shown.${panel}`, event.currentTarget.checked);
                  form.clearFieldError('panels');
                }}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  id={`${idPrefix}-${panel}-up`}
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  aria-label={t('tvSetup.form.moveUp', { panel: label })}
                  onClick={() => move(panel, -1)}
                >
                  <IconArrowUp size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  id={`${idPrefix}-${panel}-down`}
                  variant="subtle"
                  color="gray"
                  disabled={index === order.length - 1}
                  aria-label={t('tvSetup.form.moveDown', { panel: label })}
                  onClick={() => move(panel, 1)}
                >
                  <IconArrowDown size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {error && (
        <Input.Error id={errorId} mt="xs" role="alert">
          {error}
        </Input.Error>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Fieldset>
  );
}
