import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import type { PickerProps } from '@ws/web-kit/pickers';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptInSourceName } from '../../components/codes/code-label.js';

/** The opt-in sources the tenant's contacts have. */
export function SourceSelect({ value, onChange, placeholder, style, ...rest }: PickerProps) {
  const { t } = useTranslation('contacts');
  const sourceName = useOptInSourceName();
  const sources = useQuery({
    queryKey: [calls.contactSources.id],
    queryFn: ({ signal }) => callApi(calls.contactSources, { signal }),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(source?: string) => onChange?.(source)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('sourceAll')}
      loading={sources.isFetching}
      options={(sources.data ?? []).map((source) => ({ value: source, label: sourceName(source) }))}
      style={{ width: 160, ...style }}
      data-testid={rest['data-testid'] ?? 'contact-source-select'}
    />
  );
}
