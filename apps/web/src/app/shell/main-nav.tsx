import { NavLink, Stack, Text, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../entities/session/access';
import { useSession } from '../../entities/session/get-session';
import { PAGE_ACCESS, pageIsOn } from '../pages';
import { MAIN_NAV, SETUP_NAV, type NavItem } from './nav-items';

type AnchorNavLinkProps = NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>;

function AnchorNavLink(props: AnchorNavLinkProps) {
  return <NavLink component="a" {...props} />;
}

const CreatedNavLink = createLink(AnchorNavLink);

/** Mantine's NavLink driven by the router: typed `to`, preloading, and active state. */
const RouterNavLink: LinkComponent<typeof AnchorNavLink> = (props) => (
  <CreatedNavLink preload="intent" activeProps={{ active: true }} {...props} />
);

function NavItems({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  return items.map((item) => (
    <RouterNavLink
      key={item.page}
      to={item.to}
      activeOptions={{ exact: item.exact ?? false }}
      label={t(`pages.${item.page}.title`)}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden="true" />}
      onClick={onNavigate}
    />
  ));
}

/**
 * Shows each person the pages their roles open (SPEC §6) among the features the school has
 * switched on; the server enforces the same.
 */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const allowed = (item: NavItem) =>
    pageIsOn(session.features, item.page) && canAccess(session, PAGE_ACCESS[item.page]);
  const main = MAIN_NAV.filter(allowed);
  const setup = SETUP_NAV.filter(allowed);
  return (
    <Stack gap={2}>
      <NavItems items={main} onNavigate={onNavigate} />
      {setup.length > 0 && (
        <Stack gap={2} role="group" aria-labelledby="nav-setup-label">
          <Text id="nav-setup-label" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
            {t('nav.setup')}
          </Text>
          <NavItems items={setup} onNavigate={onNavigate} />
        </Stack>
      )}
    </Stack>
  );
}
