import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  MultiSelect,
  Radio,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import '@mantine/tiptap/styles.layer.css';
import { IconAlertCircle, IconPaperclip, IconX } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import {
  POST_ATTACHMENTS_MAX,
  POST_AUDIENCE_ROLES,
  POST_AUDIENCE_TARGETS_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  type Post,
  type PostAudienceRole,
  type PostAudienceView,
} from '@tun/shared/posts';
import type { StoredFile } from '@tun/shared/files';
import type { Editor } from '@tiptap/react';
import i18next from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fileInlineUrl } from '../../../entities/files/file-urls';
import { useElectives } from '../../../entities/electives/get-electives';
import { useGroups } from '../../../entities/groups/get-groups';
import { useLines } from '../../../entities/lines/get-lines';
import { useSession } from '../../../entities/session/get-session';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useSavePost } from '../api/save-post';
import {
  EMPTY_POST_FORM,
  formFieldOf,
  formValuesOf,
  postFormProblems,
  postInputOf,
  type PostFormField,
  type PostFormProblem,
  type PostFormValues,
} from '../model/post-form-values';
import { fromSchoolInput, toSchoolInput } from '../model/school-datetime';
import { ArchivePicker } from './archive-picker';
import { PostEditor } from './post-editor';
import { PostPreview } from './post-preview';
import { usePostFormat } from './use-post-format';

interface Option {
  value: string;
  label: string;
}

/** The lookup's options, plus the chosen ones it no longer has (named as the post has them). */
function optionsOf(
  items: readonly { id: string; name: string }[],
  known: readonly { id: string; name: string }[],
): Option[] {
  const options = items.map((item) => ({ value: item.id, label: item.name }));
  const present = new Set(options.map((option) => option.value));
  for (const item of known) if (!present.has(item.id)) options.push({ value: item.id, label: item.name });
  return options;
}

/** A server field error's text: the catalog's words for the post codes, else what the server said. */
function serverFieldMessage(error: { code?: string; message: string }): string {
  if (error.code === 'post-audience-empty') return i18next.t('posts.form.audience.empty');
  if (error.code === 'post-expires-before-publish') return i18next.t('posts.form.expires.afterPublish');
  return error.message;
}

type PickerMode = 'image' | 'file' | null;

interface PostFormProps {
  /** The post being edited; null for a new one. */
  post: Post | null;
  onDone: () => void;
}

/** Title, rich text, audience, timing, options and attachments; a preview tab shows the result. */
export function PostForm({ post, onDone }: PostFormProps) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const save = useSavePost();
  const lines = useLines();
  const electives = useElectives();
  const groups = useGroups();
  const [tab, setTab] = useState<string | null>('write');
  const [picker, setPicker] = useState<PickerMode>(null);
  // «Now» for the earliest planned time and the preview's date: when the form was opened.
  const [openedAt] = useState(() => Date.now());
  const editorRef = useRef<Editor | null>(null);
  const imageButtonRef = useRef<HTMLButtonElement>(null);
  const attachButtonRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // The dialog's own autofocus ran before this lazily loaded form arrived.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const bodyLabelId = useId();
  const bodyErrorId = useId();
  // A planned time or expiry the post already has may stay as it is, even if it has passed.
  const initial = post ? formValuesOf(post) : EMPTY_POST_FORM;

  const form = useForm<PostFormValues>({
    initialValues: initial,
    validate: (checked) => {
      const errors: Partial<Record<PostFormField, string>> = {};
      const title = validators.length({ max: POST_TITLE_MAX })(checked.title);
      if (title) errors.title = title;
      const problems = postFormProblems(checked, initial, {
        bodyMax: POST_BODY_MAX,
        targetsMax: POST_AUDIENCE_TARGETS_MAX,
      });
      for (const [field, problem] of Object.entries(problems) as [PostFormField, PostFormProblem][]) {
        errors[field] = i18next.t(`posts.form.${problem.key}`, problem.values);
      }
      return errors;
    },
  });
  const values = form.getValues();

  const audienceView = post?.audience.kind === 'selected' ? post.audience : null;
  const lineOptions = optionsOf(lines.data ?? [], audienceView?.lines ?? []);
  const electiveOptions = optionsOf(electives.data ?? [], audienceView?.electives ?? []);
  const groupOptions = optionsOf(
    // Archived groups have left the school; one the post already names stays choosable.
    (groups.data ?? []).filter((group) => !group.archived || initial.groupIds.includes(group.id)),
    audienceView?.groups ?? [],
  );
  const roleOptions: Option[] = POST_AUDIENCE_ROLES.map((role) => ({
    value: role,
    label: t(`roles.${role}`),
  }));

  const openPicker = (mode: Exclude<PickerMode, null>) =>
    setPicker((current) => (current === mode ? null : mode));
  const closePicker = () => {
    const returnTo = picker === 'image' ? imageButtonRef.current : attachButtonRef.current;
    setPicker(null);
    returnTo?.focus();
  };

  const insertImage = (file: StoredFile) => {
    editorRef.current
      ?.chain()
      .focus()
      .setImage({ src: fileInlineUrl(file.id), alt: file.name })
      .run();
    setPicker(null);
  };

  const attach = (file: StoredFile) => {
    const current = form.getValues().attachments;
    if (current.some((attachment) => attachment.id === file.id) || current.length >= POST_ATTACHMENTS_MAX)
      return;
    form.setFieldValue('attachments', [
      ...current,
      { id: file.id, name: file.name, size: file.size, contentType: file.contentType },
    ]);
    form.clearFieldError('attachments');
  };

  const submit = form.onSubmit(
    async (submitted, event) => {
      const formElement = event?.currentTarget;
      try {
        const saved = await save.mutateAsync({
          id: post?.id,
          input: postInputOf(submitted, post ?? undefined),
        });
        notify({
          color: 'fjord',
          message: post
            ? t('posts.form.saved', { title: saved.title })
            : saved.status === 'scheduled'
              ? t('posts.form.scheduledFor', { title: saved.title, date: format.dateTime(saved.publishAt) })
              : t('posts.form.published', { title: saved.title }),
        });
        onDone();
      } catch (error) {
        if (isApiError(error, 'validation-failed')) {
          for (const fieldError of error.problem.errors ?? []) {
            const field = formFieldOf(fieldPath(fieldError.path));
            if (field) form.setFieldError(field, serverFieldMessage(fieldError));
          }
        } else if (isApiError(error, 'post-target-unknown')) {
          form.setFieldError('audienceKind', t('posts.form.audience.unknown'));
        } else if (isApiError(error, 'post-attachment-unknown')) {
          form.setFieldError('attachments', t('posts.form.attachments.unknown'));
        }
        setTab('write');
        focusFirstInvalid(formElement);
      }
    },
    (_errors, _values, event) => {
      setTab('write');
      focusFirstInvalid(event?.currentTarget);
    },
  );

  const failed = save.isError;
  const mode = values.publishMode;
  const alreadyOut = post !== null && post.status !== 'scheduled';
  const submitLabel = post
    ? t('posts.form.submit.save')
    : mode === 'scheduled'
      ? t('posts.form.submit.schedule')
      : t('posts.form.submit.publish');

  const previewAudience: PostAudienceView =
    values.audienceKind === 'selected'
      ? {
          kind: 'selected',
          lines: values.lineIds.map((id) => ({
            id,
            name: lineOptions.find((o) => o.value === id)?.label ?? id,
          })),
          electives: values.electiveIds.map((id) => ({
            id,
            name: electiveOptions.find((o) => o.value === id)?.label ?? id,
          })),
          groups: values.groupIds.map((id) => ({
            id,
            name: groupOptions.find((o) => o.value === id)?.label ?? id,
          })),
          roles: values.roles,
        }
      : { kind: values.audienceKind };
  const now = new Date(openedAt).toISOString();
  const previewPublishAt =
    mode === 'scheduled' ? (fromSchoolInput(values.publishAt) ?? now) : alreadyOut ? post.publishAt : now;
  const previewStatus: Post['status'] = mode === 'scheduled' ? 'scheduled' : 'published';
  const attachedIds = new Set(values.attachments.map((attachment) => attachment.id));
  const bodyError = form.errors.body;
  const lookupsFailed = lines.isError || electives.isError || groups.isError;

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {failed && !isApiError(save.error, 'validation-failed') && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('posts.form.failed')}
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List aria-label={t('posts.form.tabs.label')}>
            <Tabs.Tab value="write">{t('posts.form.tabs.write')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('posts.form.tabs.preview')}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="write" pt="md">
            <Stack gap="md">
              <TextInput
                ref={titleRef}
                label={t('posts.form.title')}
                required
                maxLength={POST_TITLE_MAX}
                autoComplete="off"
                {...form.getInputProps('title')}
              />

              <Stack gap={4}>
                <Input.Label id={bodyLabelId} component="div">
                  {t('posts.form.body')}
                </Input.Label>
                <PostEditor
                  initialHtml={initial.body}
                  onChange={(html) => form.setFieldValue('body', html)}
                  labelId={bodyLabelId}
                  error={typeof bodyError === 'string' ? bodyError : null}
                  errorId={bodyErrorId}
                  onPickImage={() => openPicker('image')}
                  imageButtonRef={imageButtonRef}
                  editorRef={editorRef}
                />
                {picker === 'image' && (
                  <ArchivePicker mode="image" onPick={insertImage} onClose={closePicker} />
                )}
              </Stack>

              <Radio.Group
                label={t('posts.form.audience.label')}
                required
                {...form.getInputProps('audienceKind')}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="school" label={t('posts.form.audience.school')} />
                  <Radio value="staff" label={t('posts.form.audience.staff')} />
                  <Radio value="selected" label={t('posts.form.audience.selected')} />
                </Group>
              </Radio.Group>
              {values.audienceKind === 'selected' && (
                <Stack gap="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
                  <Text size="sm">{t('posts.form.audience.selectedDescription')}</Text>
                  {lookupsFailed && (
                    <Alert color="red" variant="light">
                      {t('posts.form.audience.loadFailed')}
                    </Alert>
                  )}
                  <MultiSelect
                    label={t('posts.form.audience.lines')}
                    data={lineOptions}
                    searchable
                    hidePickedOptions
                    nothingFoundMessage={t('posts.form.audience.nothingFound')}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('lineIds')}
                  />
                  <MultiSelect
                    label={t('posts.form.audience.electives')}
                    data={electiveOptions}
                    searchable
                    hidePickedOptions
                    nothingFoundMessage={t('posts.form.audience.nothingFound')}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('electiveIds')}
                  />
                  <MultiSelect
                    label={t('posts.form.audience.groups')}
                    data={groupOptions}
                    searchable
                    hidePickedOptions
                    nothingFoundMessage={t('posts.form.audience.nothingFound')}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('groupIds')}
                  />
                  <MultiSelect
                    label={t('posts.form.audience.roles')}
                    data={roleOptions}
                    searchable
                    hidePickedOptions
                    nothingFoundMessage={t('posts.form.audience.nothingFound')}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('roles')}
                    onChange={(roles) => form.setFieldValue('roles', roles as PostAudienceRole[])}
                  />
                </Stack>
              )}

              <Radio.Group label={t('posts.form.publish.label')} {...form.getInputProps('publishMode')}>
                <Group gap="lg" mt={6}>
                  <Radio
                    value="now"
                    label={
                      alreadyOut
                        ? t('posts.form.publish.keep', { date: format.dateTime(post.publishAt) })
                        : t('posts.form.publish.now')
                    }
                  />
                  <Radio value="scheduled" label={t('posts.form.publish.scheduled')} disabled={alreadyOut} />
                </Group>
              </Radio.Group>
              {mode === 'scheduled' && (
                <TextInput
                  type="datetime-local"
                  label={t('posts.form.publish.at')}
                  description={t('posts.form.publish.atDescription')}
                  required
                  min={toSchoolInput(openedAt)}
                  {...form.getInputProps('publishAt')}
                />
              )}
              <TextInput
                type="datetime-local"
                label={t('posts.form.expires.label')}
                description={t('posts.form.expires.description')}
                {...form.getInputProps('expiresAt')}
              />

              <Stack gap="sm" role="group" aria-label={t('posts.form.options')}>
                <Switch
                  label={t('posts.form.pinned')}
                  description={t('posts.form.pinnedDescription')}
                  {...form.getInputProps('pinned', { type: 'checkbox' })}
                />
                <Switch
                  label={t('posts.form.showOnInfoScreen')}
                  description={t('posts.form.showOnInfoScreenDescription')}
                  {...form.getInputProps('showOnInfoScreen', { type: 'checkbox' })}
                />
                <Switch
                  label={t('posts.form.requireReadConfirmation')}
                  description={t('posts.form.requireReadConfirmationDescription')}
                  {...form.getInputProps('requireReadConfirmation', { type: 'checkbox' })}
                />
              </Stack>

              <Input.Wrapper
                label={t('posts.form.attachments.label')}
                description={t('posts.form.attachments.description', { count: POST_ATTACHMENTS_MAX })}
                error={form.errors.attachments}
                labelElement="div"
              >
                <Stack gap="xs" mt={6}>
                  {values.attachments.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('posts.form.attachments.none')}
                    </Text>
                  ) : (
                    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
                      {values.attachments.map((attachment) => (
                        <Group component="li" key={attachment.id} gap="xs" wrap="nowrap">
                          <IconPaperclip size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                          <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                            {attachment.name} ({format.size(attachment.size)})
                          </Text>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('posts.form.attachments.remove', { name: attachment.name })}
                            onClick={() =>
                              form.setFieldValue(
                                'attachments',
                                form.getValues().attachments.filter((other) => other.id !== attachment.id),
                              )
                            }
                          >
                            <IconX size={16} aria-hidden="true" />
                          </ActionIcon>
                        </Group>
                      ))}
                    </Stack>
                  )}
                  {values.attachments.length >= POST_ATTACHMENTS_MAX ? (
                    <Text size="sm">{t('posts.form.attachments.full')}</Text>
                  ) : (
                    <Group>
                      <Button
                        ref={attachButtonRef}
                        variant="default"
                        leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                        onClick={() => openPicker('file')}
                        aria-expanded={picker === 'file'}
                      >
                        {t('posts.form.attachments.add')}
                      </Button>
                    </Group>
                  )}
                  {picker === 'file' && (
                    <ArchivePicker
                      mode="file"
                      chosenIds={attachedIds}
                      onPick={attach}
                      onClose={closePicker}
                    />
                  )}
                </Stack>
              </Input.Wrapper>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="preview" pt="md">
            <PostPreview
              active={tab === 'preview'}
              title={values.title}
              html={values.body}
              authorName={post?.author?.name ?? shortFullName(session.user.name)}
              audience={previewAudience}
              timing={{
                status: previewStatus,
                publishAt: previewPublishAt,
                expiresAt: fromSchoolInput(values.expiresAt),
              }}
              flags={{
                status: previewStatus,
                pinned: values.pinned,
                showOnInfoScreen: values.showOnInfoScreen,
              }}
              attachments={values.attachments}
            />
          </Tabs.Panel>
        </Tabs>

        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('posts.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
