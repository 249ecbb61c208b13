import { Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../entities/session/access';
import { useSession } from '../../entities/session/get-session';
import { PAGE_ACCESS, pageIsOn } from '../pages';
import classes from './main-nav.module.css';
import { MAIN_NAV, SETUP_NAV, type NavItem } from './nav-items';

/**
 * The router's links styled as Mantine's NavLink (main-nav.module.css): Mantine's component is
 * three more components per link, and the menu renders with every page opened cold. The router
 * marks the current page with aria-current, which the style follows.
 */
function NavItems({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  return items.map((item) => (
    <Link
      key={item.page}
      to={item.to}
      preload="intent"
      activeOptions={{ exact: item.exact ?? false }}
      className={`${classes.link} mantine-focus-auto`}
      onClick={onNavigate}
    >
      <item.icon size={20} stroke={1.6} aria-hidden="true" />
      <span className={classes.body}>
        <span className={classes.label}>{t(`pages.${item.page}.title`)}</span>
      </span>
    </Link>
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
