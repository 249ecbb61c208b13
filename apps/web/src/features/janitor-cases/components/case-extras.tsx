import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CASE_PHOTOS_MAX, CASE_REASON_MAX, CASE_REOPEN_DAYS, type Case } from '@tun/shared/maintenance';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useReopenCase } from '../api/case-mutations';
import { caseQueryKey, casesQueryKey } from '../api/get-cases';
import { uploadCasePhoto } from '../api/upload-case-photo';
import { PhotoPicker } from './photo-picker';

/** «Gjenåpne»: the submitter says why a solved case is not solved after all. */
export function ReopenCase({ item }: { item: Case }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const reopen = useReopenCase();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <Stack gap={4} align="flex-start">
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('janitorCases.reopen.button')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('janitorCases.reopen.hint', { days: CASE_REOPEN_DAYS })}
        </Text>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('janitorCases.reopen.required'));
      document.getElementById('case-reopen-reason')?.focus();
      return;
    }
    try {
      await reopen.mutateAsync({ caseId: item.id, reason: reason.trim() });
      notify({ color: 'fjord', message: t('janitorCases.reopen.done') });
      setOpen(false);
      setReason('');
    } catch (failure) {
      notify({ color: 'red', title: t('janitorCases.reopen.failed'), message: errorMessage(failure) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Textarea
          id="case-reopen-reason"
          label={t('janitorCases.reopen.reason')}
          required
          autosize
          minRows={2}
          maxLength={CASE_REASON_MAX}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={reopen.isPending}>
            {t('janitorCases.reopen.submit')}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)} disabled={reopen.isPending}>
            {t('janitorCases.reopen.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** More photos for a case afterwards, up to what a case may hold. */
export function AddCasePhotos({ item }: { item: Case }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const room = Math.max(0, CASE_PHOTOS_MAX - item.photos.length);

  const upload = async () => {
    setUploading(true);
    const failed: string[] = [];
    for (const photo of photos) {
      try {
        await uploadCasePhoto(item.id, photo);
      } catch (error) {
        failed.push(`${photo.name}: ${errorMessage(error)}`);
      }
    }
    setUploading(false);
    setPhotos([]);
    await queryClient.invalidateQueries({ queryKey: caseQueryKey(item.id) });
    void queryClient.invalidateQueries({ queryKey: casesQueryKey });
    if (failed.length > 0) {
      notify({ color: 'red', title: t('janitorCases.photos.uploadFailed'), message: failed.join('\n') });
    } else {
      notify({ color: 'fjord', message: t('janitorCases.photos.uploaded', { count: photos.length }) });
    }
  };

  if (room === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('janitorCases.photos.full', { max: CASE_PHOTOS_MAX })}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <PhotoPicker
        id="case-add-photos"
        photos={photos}
        onChange={setPhotos}
        room={room}
        disabled={uploading}
      />
      {photos.length > 0 && (
        <div>
          <Button onClick={() => void upload()} loading={uploading}>
            {t('janitorCases.photos.upload', { count: photos.length })}
          </Button>
        </div>
      )}
    </Stack>
  );
}
