import { Table, Tooltip, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every list of the console: at a narrow width (768 px) it scrolls sideways with its first column
 * fixed instead of squeezing columns to a letter per line; a sorted list shows its sort (from the
 * address) on its column; row checkboxes are named in the console's language.
 */
export function ConsoleTable<T extends object>({
  columns = [],
  rowSelection,
  sortOrderOf,
  rowName,
  ...props
}: TableProps<T> & {
  columns?: ColumnsType<T>;
  /** A list's sort from the address (useConsoleList's sortOrderOf). */
  sortOrderOf?: (columnKey: string) => 'ascend' | 'descend' | null;
  /** How a row is named to a screen reader beside its checkbox. */
  rowName?: (row: T) => string;
}) {
  const { t } = useTranslation();
  const shown = columns.map((column, index) => ({
    ...column,
    ...(index === 0 && column.fixed === undefined && { fixed: 'left' as const }),
    ...(sortOrderOf &&
      column.sorter &&
      column.key !== undefined && { sortOrder: sortOrderOf(String(column.key)) }),
  }));
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...props}
      columns={shown}
      rowSelection={
        rowSelection && {
          ...rowSelection,
          getTitleCheckboxProps: () => ({ 'aria-label': t('select_all_rows') }),
          getCheckboxProps: (row: T) => ({
            ...rowSelection.getCheckboxProps?.(row),
            'aria-label': rowName ? `${t('select_row')} ${rowName(row)}` : t('select_row'),
          }),
        }
      }
    />
  );
}

/** A long cell (a user agent, a failure detail, an e-mail) cut to its width, whole in a tooltip. */
export function Truncated({ text, width = 240 }: { text: ReactNode; width?: number }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span
        style={{
          display: 'inline-block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {text}
      </span>
    </Tooltip>
  );
}
