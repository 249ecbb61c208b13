import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HouseCounts as Counts } from '../model/house-model';
import { useHouseFormat } from './use-house-format';

const SHOWN = ['expected', 'in', 'out', 'unchecked', 'away'] as const;

/** Tonight in five numbers: in the house, «Inne», «Ikke inne», not checked, away for the night. */
export function HouseCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const format = useHouseFormat();
  return (
    <SimpleGrid
      component="dl"
      aria-label={t('house.counts.label')}
      cols={{ base: 2, xs: 3, sm: 5 }}
      spacing="xs"
      m={0}
    >
      {SHOWN.map((key) => (
        <Paper key={key} withBorder radius="md" px="sm" py={6}>
          <Text component="dt" size="sm">
            {t(`house.counts.${key}`)}
          </Text>
          <Text component="dd" m={0} fw={700} fz="1.75rem" lh={1.2} data-count={key}>
            {format.number(counts[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
