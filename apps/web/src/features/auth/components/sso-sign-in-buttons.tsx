import { Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconLogin2, IconSchool } from '@tabler/icons-react';
import type { SsoKind, SsoSignInOption } from '@tun/shared/sso';
import { useTranslation } from 'react-i18next';
import { ssoButtons } from '../model/sso-buttons';

const KIND_ICONS: Record<SsoKind, typeof IconLogin2> = {
  entra: IconBrandWindows,
  google: IconBrandGoogle,
  feide: IconSchool,
  oidc: IconLogin2,
};

/**
 * «Logg inn med Microsoft» and the like: plain links, since the sign-in leaves Tun for the
 * provider's page and comes back to the dashboard (or to /login with `sso-error`).
 */
export function SsoSignInButtons({
  options,
  redirect,
}: {
  options: readonly SsoSignInOption[];
  redirect?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {ssoButtons(options, redirect).map((button) => {
        const Icon = KIND_ICONS[button.kind];
        return (
          <Button
            key={button.id}
            component="a"
            href={button.href}
            variant="default"
            fullWidth
            leftSection={<Icon size={18} aria-hidden="true" />}
          >
            {button.school
              ? t('login.ssoAtSchool', { name: button.name, school: button.school })
              : t('login.sso', { name: button.name })}
          </Button>
        );
      })}
    </Stack>
  );
}
