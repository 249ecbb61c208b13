import { Group } from '@mantine/core';
import { PersonSignInSection } from '../../features/auth/components/person-sign-in-section';
import { SignOutEverywhereButton } from '../../features/auth/components/sign-out-everywhere-button';
import { PasswordLinkButton } from '../../features/password-links/components/password-link-button';
import { PeopleExportButton } from '../../features/people-import/components/people-export-button';
import { PeopleImportButton } from '../../features/people-import/components/people-import-button';
import type { PersonActionsProps } from '../../features/people/components/person-details';
import { UsersPage } from '../../features/people/pages/users-page';
import { ErasePersonButton } from '../../features/privacy/components/erase-person-button';
import { PrivacyExportButton } from '../../features/privacy/components/privacy-export-button';

function PersonActions({ person, onErased }: PersonActionsProps) {
  return (
    <>
      {/* Sign-in and privacy: each hides itself from those it is not for. */}
      <PasswordLinkButton person={person} />
      <SignOutEverywhereButton person={person} />
      <Group gap="sm">
        <PrivacyExportButton person={person} />
        <ErasePersonButton person={person} onErased={onErased} />
      </Group>
      {/* Last, as it has a heading: the buttons above would otherwise read as part of it. */}
      <PersonSignInSection person={person} />
    </>
  );
}

export function UsersRoute() {
  return (
    <UsersPage
      toolbar={
        <>
          <PeopleImportButton />
          <PeopleExportButton />
        </>
      }
      PersonActions={PersonActions}
    />
  );
}
