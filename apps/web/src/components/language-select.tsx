import { InputBase } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGES } from '../lib/i18n';

/**
 * The language switch of the login page and the user menu; the choice is remembered. A native
 * select drawn as Mantine's NativeSelect draws it, without NativeSelect: its module imports the
 * whole Combobox (Popover, floating-ui, Checkbox, ScrollArea), which would then be part of the
 * start's libraries and of every /login.
 */
export function LanguageSelect({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  return (
    <InputBase
      component="select"
      pointer
      label={withLabel ? t('language.label') : undefined}
      aria-label={withLabel ? undefined : t('language.label')}
      value={currentLanguage()}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      rightSectionPointerEvents="none"
      size="sm"
      w={withLabel ? undefined : 180}
    >
      {LANGUAGES.map((language) => (
        // Each name in its own language, so screen readers pronounce it properly.
        <option key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </InputBase>
  );
}
