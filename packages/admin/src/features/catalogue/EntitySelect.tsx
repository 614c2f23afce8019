import type { VideoType } from '@app/contract';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchChoices, type Choice, type EntityPath } from './catalogue-api.ts';

/**
 * A picker of actors, studios or creators that asks the server as the operator types (the lists
 * may be long): the chosen ones stay listed with the names they came with.
 */
export function EntitySelect({
  path,
  type,
  value,
  onChange,
  known = [],
  multiple = false,
  placeholder,
  ariaLabel,
  style,
}: {
  path: EntityPath;
  type?: VideoType;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  known?: Choice[];
  multiple?: boolean;
  placeholder?: string;
  ariaLabel?: string;
  style?: React.CSSProperties;
}) {
  const [found, setFound] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const { i18n } = useTranslation();

  const search = (text: string) => {
    const ask = ++asked.current;
    setLoading(true);
    searchChoices(path, text, i18n.language, type)
      .then((choices) => ask === asked.current && setFound(choices))
      .catch(() => ask === asked.current && setFound([]))
      .finally(() => ask === asked.current && setLoading(false));
  };

  useEffect(() => {
    search('');
    // The first page of names when the picker appears (or its type or the console's language changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, type, i18n.language]);

  const options = useMemo(() => {
    const byId = new Map<number, Choice>();
    for (const choice of [...known, ...found]) if (!byId.has(choice.value)) byId.set(choice.value, choice);
    return [...byId.values()];
  }, [known, found]);

  return (
    <Select
      showSearch
      allowClear
      mode={multiple ? 'multiple' : undefined}
      filterOption={false}
      onSearch={search}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(next) => onChange?.((next as number | number[] | undefined) ?? (multiple ? [] : null))}
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={style}
    />
  );
}
