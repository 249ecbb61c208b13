import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import type { Role } from '@tun/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { showRolesAtOnce, useSetRoles } from '../api/set-roles';
import { ROLE_ORDER } from '../model/people-utils';

/** Gives or takes one role, and says what happened (or why it did not). */
export function useToggleRole() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const { mutateAsync } = useSetRoles();

  return useCallback(
    async (person: Person, role: Role, grant: boolean) => {
      const roles = grant
        ? ROLE_ORDER.filter((r) => r === role || person.roles.includes(r))
        : person.roles.filter((r) => r !== role);
      const values = { name: shortFullName(person.name), role: t(`roles.${role}`) };
      showRolesAtOnce(queryClient, person.id, roles);
      try {
        await mutateAsync({ id: person.id, roles });
        notify({
          color: 'fjord',
          message: grant ? t('people.roles.granted', values) : t('people.roles.revoked', values),
        });
      } catch (error) {
        // Back as it was at once; the refetch that follows has the final say.
        showRolesAtOnce(queryClient, person.id, person.roles);
        notify({ color: 'red', title: t('people.roles.failed'), message: errorMessage(error) });
      }
    },
    [t, errorMessage, mutateAsync, queryClient],
  );
}
