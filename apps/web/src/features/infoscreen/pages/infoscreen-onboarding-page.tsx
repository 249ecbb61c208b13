import { Alert, Box, Grid, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isScreenAccount } from '@tun/shared/roles';
import { formatUserCode } from '@tun/shared/screens';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { QrCode } from '../../../components/qr-code';
import { useNow } from '../../../components/use-now';
import { screenContentQueryKey } from '../../../entities/screens/get-screen';
import { sessionQueryOptions } from '../../../entities/session/get-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePairing, type PairingState } from '../components/use-pairing';
import { absoluteAddress, formatCountdown, shortAddress } from '../model/pairing-model';

// Read from across the room: sizes follow the TV's width, within bounds for a laptop.
const TEXT_SIZE = 'clamp(1.25rem, 1.7vw, 2.25rem)';
const CODE_SIZE = 'clamp(2.5rem, 5.5vw, 7rem)';
const QR_SIZE = 'min(40vh, 26rem)';

/**
 * Where a TV is paired (SPEC §2 /infoscreen-onboarding, RFC 8628): it shows a code and its QR
 * code, and goes to /screen by itself once an admin approves it at /app/tv-setup. Nothing here
 * needs a keyboard or a remote. A TV that is already signed in goes straight to its screen.
 */
export function InfoscreenOnboardingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.infoscreenOnboarding.title'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    let active = true;
    // Asked afresh: a cached session may be the one that was just revoked.
    queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then(
      (session) => {
        if (!active) return;
        if (isScreenAccount(session.user.roles)) void navigate({ to: '/screen', replace: true });
        else setChecked(true);
      },
      () => {
        if (!active) return;
        // Signed out (or revoked): what the last screen showed must not linger on the device.
        queryClient.removeQueries({ queryKey: screenContentQueryKey });
        setChecked(true);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);

  const onPaired = useCallback(() => {
    // The token answer set the TV account's cookie; the route guard reads the new session.
    void queryClient
      .fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
      .catch(() => undefined)
      .then(() => navigate({ to: '/screen', replace: true }));
  }, [navigate, queryClient]);

  const state = usePairing(checked, onPaired);

  return (
    <PublicLayout size="xl">
      <Stack gap="xl" style={{ fontSize: TEXT_SIZE }}>
        <Title order={1}>{t('screens.onboarding.title')}</Title>
        <PairingBody state={state} />
      </Stack>
    </PublicLayout>
  );
}

function PairingBody({ state }: { state: PairingState }) {
  const { t } = useTranslation();
  const key = statusKey(state);
  const status = key ? t(`screens.onboarding.${key}`) : null;
  return (
    <>
      {/* One live region, always there, so a change of state is announced once. */}
      <div role="status" aria-live="polite">
        {status && (
          <Alert color={state.kind === 'starting' && state.note === 'denied' ? 'red' : 'blue'} p="lg">
            <Text fz="inherit" fw={600}>
              {status}
            </Text>
          </Alert>
        )}
      </div>
      {state.kind === 'waiting' ? (
        <WaitingCode state={state} />
      ) : state.kind === 'starting' ? (
        <Group gap="md">
          <Loader size="md" aria-hidden="true" />
        </Group>
      ) : null}
    </>
  );
}

type StatusKey = 'paired' | 'failed' | 'renewing' | 'denied' | 'loading';

function statusKey(state: PairingState): StatusKey | null {
  if (state.kind === 'paired') return 'paired';
  if (state.kind === 'waiting') return state.failed ? 'failed' : null;
  return state.note ?? 'loading';
}

function WaitingCode({ state }: { state: Extract<PairingState, { kind: 'waiting' }> }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const { start } = state;
  const code = formatUserCode(start.userCode);
  const origin = window.location.origin;
  return (
    <Grid gutter="xl" align="center">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Text fz="inherit">{t('screens.onboarding.intro')}</Text>
          <List type="ordered" fz="inherit" spacing="xs">
            <List.Item>
              {t('screens.onboarding.step1', { address: shortAddress(start.verificationUri, origin) })}
            </List.Item>
            <List.Item>{t('screens.onboarding.step2')}</List.Item>
            <List.Item>{t('screens.onboarding.step3')}</List.Item>
          </List>
          <Box>
            <Text fz="inherit" fw={600}>
              {t('screens.onboarding.codeLabel')}
            </Text>
            <Text
              data-pairing-code=""
              fw={800}
              ff="monospace"
              style={{ fontSize: CODE_SIZE, letterSpacing: '0.06em', lineHeight: 1.1, whiteSpace: 'nowrap' }}
            >
              {code}
            </Text>
          </Box>
          {/* Not a live region: a countdown read out every second would drown everything else. */}
          <Text fz="inherit">
            {t('screens.onboarding.expires', { time: formatCountdown(state.expiresAt - now) })}
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm" align="center">
          <Box style={{ width: QR_SIZE }}>
            <QrCode
              value={absoluteAddress(start.verificationUriComplete, origin)}
              label={t('screens.onboarding.qrLabel', { code })}
              size="100%"
            />
          </Box>
          <Text fz="inherit" ta="center">
            {t('screens.onboarding.orScan')}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
