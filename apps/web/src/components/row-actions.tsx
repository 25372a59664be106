import { EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { ButtonLink } from './button-link';
import { fromListState } from './records/navigation';

interface RowActionsProps {
  /** Edit, at hand: a link to the record's page (which knows the user came from the list). */
  edit?: { to: string; label: string; icon?: ReactNode; testId?: string };
  /** The rest (screens that hang from the record, a status change), in a menu; none, no menu. */
  more?: NonNullable<MenuProps['items']>;
  /** The accessible name of the menu's button, naming the record. */
  moreLabel: string;
  moreTestId?: string;
  /** Delete, at hand: the record's confirming delete button. */
  remove?: ReactNode;
}

/**
 * A list row's actions as every list shows them: edit and delete at hand, the rest in a "more" menu (a
 * phone's card keeps room). Each part shows only when given: the caller decides what the user may do.
 */
export function RowActions({ edit, more = [], moreLabel, moreTestId, remove }: RowActionsProps) {
  return (
    <Space size={4}>
      {edit && (
        <ButtonLink
          type="text"
          icon={edit.icon ?? <EditOutlined aria-hidden />}
          aria-label={edit.label}
          to={edit.to}
          state={fromListState}
          data-testid={edit.testId}
        />
      )}
      {more.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items: more }} placement="bottomRight">
          <Button
            type="text"
            icon={<MoreOutlined aria-hidden />}
            aria-label={moreLabel}
            data-testid={moreTestId}
          />
        </Dropdown>
      )}
      {remove}
    </Space>
  );
}
