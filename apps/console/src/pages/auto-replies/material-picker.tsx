import { MATERIAL_TYPES, type MaterialType } from '@ws/contract';
import { Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { useMaterialChoices } from '../materials/material-queries.js';

/**
 * A material of the library as an antd Form control: its type, then one of that type's newest
 * materials by title (an `auto` material sends its steps). `known` is the edited record's choice.
 */
export function MaterialPicker({
  value,
  onChange,
  known,
  allowClear,
  placeholder,
  testId,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  known?: { id: string; tp: string; title: string } | null;
  allowClear?: boolean;
  placeholder?: string;
  testId: string;
}) {
  const { t } = useTranslation('autoReplies');
  const [tp, setTp] = useState<MaterialType>((known?.tp as MaterialType | undefined) ?? 'text');
  const choices = useMaterialChoices(tp);
  const options = (choices.data?.records ?? []).map((material) => ({ value: material.id, label: material.title }));
  if (known && value === known.id && !options.some((option) => option.value === known.id)) {
    options.unshift({ value: known.id, label: known.title });
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        style={{ width: 150 }}
        value={tp}
        aria-label={t('materialType')}
        onChange={(type) => {
          setTp(type);
          onChange?.(null);
        }}
        options={MATERIAL_TYPES.map((type) => ({ value: type, label: <CodeLabel group="MaterialType" code={type} /> }))}
        data-testid={`${testId}-type`}
      />
      <Select
        style={{ flex: 1 }}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear={allowClear}
        placeholder={placeholder ?? t('materialRule')}
        loading={choices.isFetching}
        value={value ?? undefined}
        onChange={(id: string | undefined) => onChange?.(id ?? null)}
        options={options}
        data-testid={testId}
      />
    </Space.Compact>
  );
}
