import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface PolicySection {
  heading: string;
  body: string;
  items?: Record<string, string>;
}

/** Readable without signing in: people must be able to know what is stored before they log in. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const title = t('pages.privacyPolicy.title');
  useDocumentTitle(title);
  // The catalog's order is the reading order, so adding a section needs no code change.
  const sections = t('privacy.sections', { returnObjects: true }) as Record<string, PolicySection>;

  return (
    <PublicLayout>
      <Stack gap="xl" className="tun-prose">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          <Text size="lg">{t('privacy.intro')}</Text>
        </Stack>
        {Object.entries(sections).map(([id, section]) => (
          <Stack gap="xs" key={id} component="section" aria-labelledby={`privacy-${id}`}>
            <Title order={2} size="h3" id={`privacy-${id}`}>
              {section.heading}
            </Title>
            <Text>{section.body}</Text>
            {section.items && (
              <List spacing={4} withPadding>
                {Object.entries(section.items).map(([key, item]) => (
                  <List.Item key={key}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </PublicLayout>
  );
}
