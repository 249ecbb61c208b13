import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Link, Outlet, useLocation, useMatches, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { ForbiddenContent, NotFoundContent } from '../../components/status-pages';
import { canAccess } from '../../entities/session/access';
import { useSession, useSessionQuery } from '../../entities/session/get-session';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { isApiError } from '../../lib/api-client';
import { applySchoolLanguage } from '../../lib/i18n';
import { pageIsOn } from '../pages';
import { startServiceWorker } from '../service-worker';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';
import { useLiveUpdates } from './use-live-updates';

const NAVBAR_BREAKPOINT = 'sm';

/** Sends the user to log in when the session ends while the app is open (expiry, logout elsewhere). */
function useSessionExpiry() {
  const { error } = useSessionQuery();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const expired = isApiError(error) && error.status === 401;
  useEffect(() => {
    if (expired) void navigate({ to: '/login', search: { redirect: href } });
  }, [expired, href, navigate]);
}

/** Moves focus to the new page after in-app navigation, so screen readers do not stay in the menu. */
function useFocusMainOnNavigate() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const [navOpen, nav] = useDisclosure(false);
  // Mantine's collapsed mobile navbar only slides away; inert keeps it out of the tab order too.
  // Read at the first render (there is no server render to match): read in an effect, as by
  // default, a phone rendered the whole layout a second time, synchronously, as the page opened.
  const isPhone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const page = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.page });
  const access = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.access });
  // A feature the school has switched off is gone, as its API routes are (404), not refused.
  const switchedOn = pageIsOn(session.features, page);
  const allowed = canAccess(session, access);

  useLiveUpdates();
  // Signed in from /login, which does not start it (main.tsx).
  useEffect(startServiceWorker, []);
  useSessionExpiry();
  useFocusMainOnNavigate();
  const schoolLanguage = session.app.defaultLanguage;
  useEffect(() => {
    void applySchoolLanguage(schoolLanguage);
  }, [schoolLanguage]);

  return (
    <ModalsProvider labels={{ confirm: t('modals.confirm'), cancel: t('modals.cancel') }}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navOpen } }}
        padding="md"
      >
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpen}
                onClick={nav.toggle}
                hiddenFrom={NAVBAR_BREAKPOINT}
                size="sm"
                aria-label={navOpen ? t('nav.close') : t('nav.open')}
                aria-expanded={navOpen}
                aria-controls="app-navigation"
              />
              <Link to="/app/dashboard" className="tun-brand">
                {session.app.logoUrl ? (
                  // The school's own logo from its app settings; decorative, the name is beside it.
                  <img src={session.app.logoUrl} alt="" width={28} height={28} className="tun-brand-logo" />
                ) : (
                  <Logo />
                )}
                <Text component="span" fw={700} size="lg" truncate maw={{ base: 150, xs: 320 }}>
                  {session.app.shortName}
                </Text>
              </Link>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NotificationBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar id="app-navigation" aria-label={t('nav.label')} p="xs" inert={isPhone && !navOpen}>
          {/* The browser's own scrolling: Mantine's ScrollArea measures itself with resize
              observers and forced style recalculations, a long task on a phone at every start. */}
          <AppShell.Section grow className="tun-nav-scroll">
            <MainNav onNavigate={nav.close} />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <OfflineBanner />
          {!switchedOn ? <NotFoundContent /> : allowed ? <Outlet /> : <ForbiddenContent />}
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
