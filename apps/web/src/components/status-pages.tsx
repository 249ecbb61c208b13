import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';
import { PublicLayout } from './public-layout';

function StatusMessage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** Inside a layout that already has a main landmark (the app shell). */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <StatusMessage title={t('status.notFound.title')}>
      <Text>{t('status.notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('app.goHome')}
      </Anchor>
    </StatusMessage>
  );
}

export function NotFoundPage() {
  return (
    <PublicLayout>
      <NotFoundContent />
    </PublicLayout>
  );
}

export function ForbiddenContent() {
  const { t } = useTranslation();
  return (
    <StatusMessage title={t('status.forbidden.title')}>
      <Text>{t('status.forbidden.body')}</Text>
      <Anchor component={Link} to="/app/dashboard">
        {t('pages.dashboard.title')}
      </Anchor>
    </StatusMessage>
  );
}

export function ErrorContent({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const message = useErrorMessage();
  return (
    <StatusMessage title={t('status.error.title')}>
      <Text>{t('status.error.body')}</Text>
      <Text>{message(error)}</Text>
      <Button
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t('app.retry')}
      </Button>
    </StatusMessage>
  );
}

/** For errors raised before any layout rendered, e.g. the session check failing offline. */
export function ErrorPage(props: ErrorComponentProps) {
  return (
    <PublicLayout>
      <ErrorContent {...props} />
    </PublicLayout>
  );
}
