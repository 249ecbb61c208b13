import {
  Alert,
  Button,
  Fieldset,
  Group,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  CASE_CATEGORIES,
  CASE_DESCRIPTION_MAX,
  CASE_TITLE_MAX,
  CASE_URGENCIES,
  type Case,
  type CaseCategory,
  type CaseUrgency,
} from '@tun/shared/maintenance';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { useCreateCase } from '../api/case-mutations';
import { caseQueryKey } from '../api/get-cases';
import { uploadCasePhoto } from '../api/upload-case-photo';
import { PhotoPicker } from './photo-picker';

interface ReportValues {
  title: string;
  description: string;
  roomId: string | null;
  category: CaseCategory | null;
  urgency: CaseUrgency;
}

type Sending = { step: 'case' } | { step: 'photo'; n: number; total: number };

interface Reported {
  case: Case;
  failedPhotos: { name: string; message: string }[];
}

const FORM_ID = 'janitor-report-form';
const FIELDS = new Set(['title', 'description', 'roomId', 'category', 'urgency']);

/**
 * «Meld feil»: a fault in thirty seconds from the room. The room's QR code opens this with the
 * room set; the case is made first and its photos follow one by one, so a failed photo never
 * loses the case.
 */
export function ReportTab({ roomId, onReported }: { roomId: string | undefined; onReported: () => void }) {
  const [reported, setReported] = useState<Reported | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (reported) {
    return (
      <ReportedMessage
        reported={reported}
        onAnother={() => {
          setReported(null);
          setFormKey((key) => key + 1);
        }}
        onMine={onReported}
      />
    );
  }
  return <ReportForm key={formKey} presetRoomId={roomId} onReported={setReported} />;
}

function ReportForm({
  presetRoomId,
  onReported,
}: {
  presetRoomId: string | undefined;
  onReported: (reported: Reported) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const rooms = useRooms();
  const create = useCreateCase();
  const [photos, setPhotos] = useState<File[]>([]);
  const [sending, setSending] = useState<Sending | null>(null);

  const form = useForm<ReportValues>({
    initialValues: {
      title: '',
      description: '',
      roomId: presetRoomId ?? null,
      category: null,
      urgency: 'normal',
    },
    validate: {
      title: (value) => (value.trim() ? null : t('janitorCases.report.titleRequired')),
      category: (value) => (value ? null : t('janitorCases.report.categoryRequired')),
    },
  });

  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  const roomOptions = useMemo(
    () =>
      (rooms.data ?? [])
        .map((room) => ({ value: room.id, label: room.name }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [rooms.data, locale],
  );

  // A QR code of a room deleted since it was printed: the reporter picks the room instead.
  const presetMissing =
    presetRoomId !== undefined &&
    rooms.data !== undefined &&
    !rooms.data.some((room) => room.id === presetRoomId);
  const chosenRoomId = form.getValues().roomId;

  const focusInvalid = () => focusFirstInvalid(document.getElementById(FORM_ID) as HTMLFormElement | null);

  const submit = form.onSubmit(async (values) => {
    setSending({ step: 'case' });
    let created: Case;
    try {
      created = await create.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
        roomId: presetMissing && values.roomId === presetRoomId ? null : values.roomId,
        category: values.category!,
        urgency: values.urgency,
      });
    } catch (error) {
      setSending(null);
      if (isApiError(error, 'validation-failed')) {
        for (const issue of error.problem.errors ?? []) {
          const [field] = fieldPath(issue.path);
          if (field && FIELDS.has(field)) form.setFieldError(field, issue.message);
        }
        focusInvalid();
      }
      return;
    }
    const failedPhotos: Reported['failedPhotos'] = [];
    for (const [index, photo] of photos.entries()) {
      setSending({ step: 'photo', n: index + 1, total: photos.length });
      try {
        await uploadCasePhoto(created.id, photo);
      } catch (error) {
        failedPhotos.push({ name: photo.name, message: errorMessage(error) });
      }
    }
    if (photos.length > 0) await queryClient.invalidateQueries({ queryKey: caseQueryKey(created.id) });
    onReported({ case: created, failedPhotos });
  }, focusInvalid);

  const busy = sending !== null;
  const failed = create.isError && !isApiError(create.error, 'validation-failed');
  const progress = sending?.step === 'photo' ? Math.round(((sending.n - 1) / sending.total) * 100) : 0;

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate aria-label={t('janitorCases.report.formLabel')}>
      <Stack gap="sm" maw={640}>
        {failed && !busy && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('janitorCases.report.failed')}
            role="alert"
          >
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          label={t('janitorCases.report.title')}
          placeholder={t('janitorCases.report.titlePlaceholder')}
          required
          maxLength={CASE_TITLE_MAX}
          disabled={busy}
          {...form.getInputProps('title')}
        />
        <Select
          label={t('janitorCases.report.room')}
          placeholder={t('janitorCases.report.roomPlaceholder')}
          description={
            chosenRoomId && chosenRoomId === presetRoomId
              ? presetMissing
                ? t('janitorCases.report.roomMissing')
                : t('janitorCases.report.roomFromQr')
              : t('janitorCases.report.roomHint')
          }
          data={roomOptions}
          searchable
          clearable
          openOnFocus={false}
          nothingFoundMessage={t('janitorCases.report.noRooms')}
          disabled={busy}
          clearButtonProps={{ 'aria-label': t('janitorCases.report.clearRoom') }}
          {...form.getInputProps('roomId')}
        />
        <Radio.Group
          label={t('janitorCases.report.category')}
          required
          {...form.getInputProps('category')}
          value={form.getValues().category ?? ''}
        >
          <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs" mt={6}>
            {CASE_CATEGORIES.map((category) => (
              <Radio
                key={category}
                value={category}
                label={t(`cases.category.${category}`)}
                disabled={busy}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Fieldset
          variant="unstyled"
          p={0}
          m={0}
          legend={t('janitorCases.report.urgency')}
          styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
        >
          <SegmentedControl
            fullWidth
            data={CASE_URGENCIES.map((urgency) => ({ value: urgency, label: t(`cases.urgency.${urgency}`) }))}
            disabled={busy}
            name="urgency"
            {...form.getInputProps('urgency')}
          />
        </Fieldset>
        <Textarea
          label={t('janitorCases.report.description')}
          placeholder={t('janitorCases.report.descriptionPlaceholder')}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CASE_DESCRIPTION_MAX}
          disabled={busy}
          {...form.getInputProps('description')}
        />
        <Fieldset
          variant="unstyled"
          p={0}
          m={0}
          legend={t('janitorCases.photos.label')}
          styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
        >
          <PhotoPicker id={`${FORM_ID}-photos`} photos={photos} onChange={setPhotos} disabled={busy} />
        </Fieldset>
        {busy && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {sending.step === 'case'
                ? t('janitorCases.report.sending')
                : t('janitorCases.report.uploading', { n: sending.n, total: sending.total })}
            </Text>
            {sending.step === 'photo' && (
              <Progress value={progress} aria-label={t('janitorCases.report.progress')} />
            )}
          </Stack>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('janitorCases.report.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReportedMessage({
  reported,
  onAnother,
  onMine,
}: {
  reported: Reported;
  onAnother: () => void;
  onMine: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards land on the outcome, not on a form that is gone.
  useEffect(() => heading.current?.focus(), []);
  const { case: created, failedPhotos } = reported;
  return (
    <Stack gap="md" maw={640}>
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
        <Stack gap="xs">
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {t('janitorCases.reported.title')}
          </Title>
          <Text>{t('janitorCases.reported.body', { number: created.number })}</Text>
          <AnchorLink to="/app/janitor/cases/$caseId" params={{ caseId: created.id }} fw={600}>
            {t('janitorCases.reported.open', { number: created.number })}
          </AnchorLink>
        </Stack>
      </Alert>
      {failedPhotos.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          <Stack gap={4}>
            <Text size="sm">{t('janitorCases.reported.photosFailed', { count: failedPhotos.length })}</Text>
            {failedPhotos.map((photo, index) => (
              <Text size="sm" key={`${photo.name}-${index}`}>
                {photo.name}: {photo.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={onAnother}>
          {t('janitorCases.reported.another')}
        </Button>
        <Button variant="default" onClick={onMine}>
          {t('janitorCases.reported.mine')}
        </Button>
      </Group>
    </Stack>
  );
}
