import { Alert, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Post } from '@tun/shared/posts';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The editor (Tiptap and ProseMirror) is large and only writers need it: it loads when the form opens.
const PostForm = lazy(() => import('./post-form').then((module) => ({ default: module.PostForm })));

/** A chunk that failed to load (offline, or a new version deployed meanwhile) says so in the dialog. */
class FormLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface PostFormModalProps {
  opened: boolean;
  /** The post being edited; null for a new one. */
  post: Post | null;
  onClose: () => void;
}

/** «Nytt innlegg» and «Rediger innlegg». Clicking beside it does not close it: that would lose the text. */
export function PostFormModal({ opened, post, onClose }: PostFormModalProps) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={post ? t('posts.form.editTitle') : t('posts.form.newTitle')}
      size="lg"
      fullScreen={small}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {opened && (
        <FormLoadBoundary
          fallback={
            <Alert color="red" variant="light">
              {t('posts.form.loadFailed')}
            </Alert>
          }
        >
          <Suspense fallback={<Loader size="sm" aria-label={t('posts.form.loading')} />}>
            {/* Keyed by the post, so each opening starts from the post as it is now. */}
            <PostForm key={post?.id ?? 'new'} post={post} onDone={onClose} />
          </Suspense>
        </FormLoadBoundary>
      )}
    </Modal>
  );
}
