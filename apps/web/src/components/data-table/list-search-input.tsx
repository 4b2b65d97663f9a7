import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearchText } from './use-list-search';

export type ListSearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string | undefined;
  /** Called ~300 ms after typing stops, with undefined for an empty box. */
  onChange: (value: string | undefined) => void;
};

/** The search box of a list: debounced, with a clear button; label defaults to "Search". */
export function ListSearchInput({ value, onChange, label, placeholder, ...props }: ListSearchInputProps) {
  const { t } = useTranslation('tables');
  const [text, setText] = useDebouncedSearchText(value, onChange);
  return (
    <TextInput
      type="search"
      label={label ?? t('search')}
      placeholder={placeholder ?? t('searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('clearSearch')}
            onClick={() => {
              setText('');
              onChange(undefined);
            }}
          />
        ) : null
      }
      {...props}
    />
  );
}
