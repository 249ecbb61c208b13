import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MENU_ROTATION_WEEKS_MAX } from '@tun/shared/food';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCopyMenus } from '../api/copy-menus';
import { copyInput, copyTargets, replacedWeeks, rotationEnds, type CopyMode } from '../model/copy-plan';
import { weeksAfter } from '../model/menu-week';
import { useMenuFormat } from './use-menu-format';

/**
 * «Kopier uke» (this week onto another) and «Gjenta rotasjon» (this week and the next N − 1,
 * block after block, until a chosen week). Either replaces the target weeks' menus, which the
 * dialog names before the button that does it.
 */
export function CopyMenusDialog({
  mode,
  week,
  onClose,
}: {
  mode: CopyMode | null;
  week: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const weekNumber = menuFormat.weekNumber(week);
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={
        mode === 'rotation'
          ? t('foodPlanner.copy.rotationTitle', { week: weekNumber })
          : t('foodPlanner.copy.copyTitle', { week: weekNumber })
      }
      size="md"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {mode && <CopyMenusForm key={`${mode}|${week}`} mode={mode} week={week} onDone={onClose} />}
    </Modal>
  );
}

function CopyMenusForm({ mode, week, onDone }: { mode: CopyMode; week: string; onDone: () => void }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const errorMessage = useErrorMessage();
  const copy = useCopyMenus();
  const [target, setTarget] = useState(() => weeksAfter(week, 1));
  const [weeks, setWeeks] = useState(2);
  const [until, setUntil] = useState(() => weeksAfter(week, 2 * 2 - 1));

  const weekOption = (monday: string) => ({
    value: monday,
    label: t('foodPlanner.copy.weekOption', {
      week: menuFormat.weekNumber(monday),
      range: menuFormat.shortWeekRange(monday),
    }),
  });
  const ends = rotationEnds(week, weeks);
  const input = copyInput(mode, week, { target, weeks, until });
  const replaced = replacedWeeks(input);
  const firstReplaced = replaced[0];
  const lastReplaced = replaced[replaced.length - 1];

  const changeWeeks = (value: string | number) => {
    const next = Math.min(Math.max(Math.trunc(Number(value)) || 1, 1), MENU_ROTATION_WEEKS_MAX);
    setWeeks(next);
    // The rotation's end can be no earlier than its first copy.
    const first = weeksAfter(week, next);
    if (until < first) setUntil(weeksAfter(first, next - 1));
  };

  const submit = () =>
    copy.mutate(input, {
      onSuccess: (result) => {
        notify({ color: 'fjord', message: t('foodPlanner.copy.done', { count: result.weeks }) });
        onDone();
      },
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {mode === 'copy' ? (
          <Select
            label={t('foodPlanner.copy.target')}
            data={copyTargets(week).map(weekOption)}
            value={target}
            onChange={(value) => value && setTarget(value)}
            allowDeselect={false}
            searchable
          />
        ) : (
          <>
            <NumberInput
              label={t('foodPlanner.copy.rotationWeeks')}
              description={t('foodPlanner.copy.rotationBlock', {
                count: weeks,
                first: menuFormat.weekNumber(week),
                last: menuFormat.weekNumber(weeksAfter(week, weeks - 1)),
              })}
              value={weeks}
              onChange={changeWeeks}
              min={1}
              max={MENU_ROTATION_WEEKS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
            />
            <Select
              label={t('foodPlanner.copy.until')}
              data={ends.map(weekOption)}
              value={until}
              onChange={(value) => value && setUntil(value)}
              allowDeselect={false}
              searchable
            />
          </>
        )}

        {firstReplaced && lastReplaced && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Text size="sm">
              {t('foodPlanner.copy.replaces', {
                count: replaced.length,
                first: menuFormat.weekNumber(firstReplaced),
                last: menuFormat.weekNumber(lastReplaced),
              })}
            </Text>
            <Text size="sm">{t('foodPlanner.copy.keepsPublished')}</Text>
          </Alert>
        )}
        {copy.isError && (
          <Alert color="red" variant="light" title={t('foodPlanner.copy.failed')}>
            {errorMessage(copy.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('foodPlanner.copy.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={copy.isPending} disabled={replaced.length === 0}>
            {t('foodPlanner.copy.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
