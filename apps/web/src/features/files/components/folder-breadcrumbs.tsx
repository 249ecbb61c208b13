import { Breadcrumbs, Text } from '@mantine/core';
import type { Folder } from '@tun/shared/files';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';

interface FolderBreadcrumbsProps {
  ancestors: readonly Folder[];
  folder: Folder | null;
}

/** The way from the top of the archive down to the folder shown; every step but the last is a link. */
export function FolderBreadcrumbs({ ancestors, folder }: FolderBreadcrumbsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('files.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {folder ? (
          <AnchorLink to="/app/files" search={{}} size="sm">
            {t('files.root')}
          </AnchorLink>
        ) : (
          <Text size="sm" fw={600} aria-current="page">
            {t('files.root')}
          </Text>
        )}
        {ancestors.map((ancestor) => (
          <AnchorLink key={ancestor.id} to="/app/files" search={{ folder: ancestor.id }} size="sm">
            {ancestor.name}
          </AnchorLink>
        ))}
        {folder && (
          <Text size="sm" fw={600} aria-current="page" style={{ overflowWrap: 'anywhere' }}>
            {folder.name}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
