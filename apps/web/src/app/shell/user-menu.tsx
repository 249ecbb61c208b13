import { Avatar, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { RoleBadge } from '../../components/role-badge';
import { useSession } from '../../entities/session/get-session';
import { useSignOut } from './use-sign-out';

function initials(name: { first: string; last: string }): string {
  return `${[...name.first][0] ?? ''}${[...name.last][0] ?? ''}`.toUpperCase();
}

// Loaded when first opened: most visits never open it. «Min profil» with how the person signs in.
const ProfileDialog = lazy(() =>
  Promise.all([
    import('../../features/people/components/profile-dialog'),
    import('../../features/auth/components/passkeys-section'),
    import('../../features/auth/components/sessions-section'),
  ]).then(([profile, passkeys, sessions]) => ({
    default: (props: { opened: boolean; onClose: () => void }) => (
      <profile.ProfileDialog {...props}>
        <Stack gap="xl">
          <passkeys.PasskeysSection />
          <sessions.SessionsSection />
        </Stack>
      </profile.ProfileDialog>
    ),
  })),
);

/**
 * Who is signed in, with which roles, in which language, and the way out. A popover dialog
 * rather than an ARIA menu: a menu may only hold menu items, and this panel holds a name,
 * badges and a select as well.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const { signOut, pending } = useSignOut();
  const [opened, setOpened] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);
  const name = shortFullName(session.user.name);
  const roles = session.user.roles.length > 0 ? session.user.roles : [null];

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={300}
        shadow="md"
        trapFocus
        returnFocus
        // Inside the header landmark, so every piece of the page belongs to a region.
        withinPortal={false}
      >
        <Popover.Target>
          <UnstyledButton
            className="tun-user-button mantine-focus-auto"
            aria-label={t('userMenu.open', { name })}
            onClick={() => setOpened((open) => !open)}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar
                radius="xl"
                size="sm"
                color="fjord"
                src={session.user.userMutableData.profilePicURL || null}
                alt=""
                aria-hidden="true"
              >
                {initials(session.user.name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm">
                {name}
              </Text>
              <IconChevronDown size={14} aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <div>
              <Text fw={600}>{name}</Text>
              {session.user.email && (
                <Text size="sm" c="dimmed">
                  {session.user.email}
                </Text>
              )}
            </div>
            <Group gap={6} role="list" aria-label={t('userMenu.roles')}>
              {roles.map((role) => (
                <div role="listitem" key={role ?? 'student'}>
                  <RoleBadge role={role} />
                </div>
              ))}
            </Group>
            <Button
              variant="subtle"
              leftSection={<IconUserCircle size={16} aria-hidden="true" />}
              onClick={() => {
                setOpened(false);
                setProfileOpened(true);
              }}
              justify="flex-start"
            >
              {t('people.profile.open')}
            </Button>
            <Divider />
            <LanguageSelect withLabel />
            <Divider />
            <Button
              variant="light"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={() => void signOut()}
              loading={pending}
              justify="flex-start"
            >
              {t('userMenu.logout')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {profileOpened && (
        <Suspense fallback={null}>
          <ProfileDialog opened onClose={() => setProfileOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
