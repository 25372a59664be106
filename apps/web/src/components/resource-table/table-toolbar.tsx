import { CloseCircleFilled, ColumnHeightOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Input, Popover } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from './types';
import { useDebouncedText } from './use-debounced-text';

export type Density = 'large' | 'middle' | 'small';
const densities: Density[] = ['large', 'middle', 'small'];

/** Free-text search that updates the list 300 ms after the user stops typing. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useDebouncedText(value, onSearch);

  return (
    <Input
      type="search"
      allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('table.clearSearch')} /> }}
      prefix={<SearchOutlined aria-hidden />}
      placeholder={t('table.searchPlaceholder')}
      aria-label={t('table.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={{ width: 260, maxWidth: '100%' }}
      data-testid="list-search"
    />
  );
}

interface TableToolbarProps<T> {
  query: string;
  onSearch: (value: string) => void;
  filters?: ReactNode;
  hasSearch: boolean;
  onClear: () => void;
  columns: ResourceColumn<T>[];
  visible: string[];
  onColumnsChange: (keys: string[] | undefined) => void;
  density: Density;
  onDensityChange: (density: Density) => void;
  /** The list's export menu, beside the column chooser. */
  exportButton?: ReactNode;
}

export function TableToolbar<T>(props: TableToolbarProps<T>) {
  const { t } = useTranslation();
  const { columns, visible } = props;

  const chooser = (
    <Flex vertical gap={8} data-testid="column-chooser-panel">
      <Checkbox.Group
        value={visible}
        onChange={(keys) => props.onColumnsChange(columns.map((c) => c.key).filter((k) => keys.includes(k)))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        {columns.map((column) => (
          <Checkbox
            key={column.key}
            value={column.key}
            disabled={visible.length === 1 && visible[0] === column.key}
          >
            {column.label ?? t(column.title)}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Button
        size="small"
        type="link"
        onClick={() => props.onColumnsChange(undefined)}
        style={{ padding: 0 }}
      >
        {t('table.resetColumns')}
      </Button>
    </Flex>
  );

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <SearchBox value={props.query} onSearch={props.onSearch} />
      {props.filters}
      {props.hasSearch && (
        <Button type="link" onClick={props.onClear} data-testid="clear-filters">
          {t('table.clearFilters')}
        </Button>
      )}
      <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
        {props.exportButton}
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [props.density],
            items: densities.map((d) => ({ key: d, label: t(`table.densities.${d}`) })),
            onClick: ({ key }) => props.onDensityChange(key as Density),
          }}
        >
          <Button
            icon={<ColumnHeightOutlined aria-hidden />}
            aria-label={t('table.density')}
            data-testid="density-switch"
          />
        </Dropdown>
        <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={chooser}>
          <Button
            icon={<TableOutlined aria-hidden />}
            aria-label={t('table.columns')}
            data-testid="column-chooser"
          />
        </Popover>
      </Flex>
    </Flex>
  );
}
