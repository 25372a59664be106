import {
  type Permission,
  type PermissionPresetName,
  type PermissionScope,
  permissionPresetNames,
  permissionScopes,
  presetOf,
} from '@mostrador/contract';
import {
  Alert,
  Checkbox,
  Col,
  Flex,
  Grid,
  Radio,
  Row,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AreaGroup,
  applyPreset,
  areaState,
  type EditorLock,
  type Entry,
  entryKey,
  presetShortfall,
  sectionsFor,
  setEntries,
} from '../permission-rules';

interface PermissionEditorProps {
  /** Set by antd's Form.Item: the entries, and the field id for its label. */
  id?: string;
  value?: Entry[];
  onChange?: (entries: Entry[]) => void;
  /** The platform license holds the license administration; a company license never does. */
  isPlatform: boolean;
  /** The editor's own `can_grant` permissions: only those can be given or taken. */
  grantable: ReadonlySet<string>;
  /** Why the whole editor is read-only, or null. */
  lock: EditorLock;
}

const scopeKeys: Record<PermissionScope, string> = {
  can_do: 'employees.permissionEditor.canDo',
  can_grant: 'employees.permissionEditor.canGrant',
};

/**
 * The permission catalogue by section and area, each section under its heading, a "may do" and a "may
 * grant" checkbox per permission and an "all" toggle per area and scope. A role preset (receptionist,
 * cashier, manager, administrator) fills the grid, which stays editable. It offers only what the editor may
 * grant: other checkboxes are disabled and say why, and a preset leaves them as they were; the whole editor
 * is read-only when `lock` says so.
 */
export function PermissionEditor({
  id,
  value,
  onChange,
  isPlatform,
  grantable,
  lock,
}: PermissionEditorProps) {
  const { t } = useTranslation();
  const entries = value ?? [];
  // On a phone the permission names need the room more than the checkbox columns do.
  const isPhone = !Grid.useBreakpoint().sm;
  const sections = useMemo(() => sectionsFor(isPlatform), [isPlatform]);
  const groups = useMemo(() => sections.flatMap((s) => s.groups), [sections]);
  /** The preset last applied, to say what of it the editor could not give. */
  const [applied, setApplied] = useState<PermissionPresetName | null>(null);
  const current = presetOf(entries.filter((e) => e.scope === 'can_do').map((e) => e.permission));
  const shortfall = applied ? presetShortfall(applied, grantable) : [];
  const checked = new Set(entries.map((e) => entryKey(e.scope, e.permission)));
  const readOnly = lock !== null;
  const mayChange = (permission: Permission) => !readOnly && grantable.has(permission);
  const someLocked = !readOnly && groups.some((g) => g.permissions.some((p) => !grantable.has(p)));
  const scopeLabel = (scope: PermissionScope) => t(scopeKeys[scope]);

  const change = (scope: PermissionScope, permissions: Permission[], on: boolean) =>
    onChange?.(setEntries(entries, scope, permissions, on));

  const choosePreset = (preset: PermissionPresetName) => {
    setApplied(preset);
    onChange?.(applyPreset(entries, preset, grantable, isPlatform));
  };

  const entryBox = (permission: Permission, scope: PermissionScope) => {
    const box = (
      <Checkbox
        checked={checked.has(entryKey(scope, permission))}
        disabled={!mayChange(permission)}
        aria-label={t('employees.permissionEditor.entryLabel', {
          scope: scopeLabel(scope),
          permission: t(`permissions.${permission}`),
        })}
        onChange={(event) => change(scope, [permission], event.target.checked)}
      />
    );
    if (readOnly || mayChange(permission)) return box;
    return (
      <Tooltip title={t('employees.permissionEditor.notGrantable')}>
        <span>{box}</span>
      </Tooltip>
    );
  };

  const areaToggle = (group: AreaGroup, scope: PermissionScope) => {
    const changeable = group.permissions.filter(mayChange);
    const state = areaState(entries, scope, group.permissions);
    return (
      <Flex vertical align="center" gap={2}>
        <span>{scopeLabel(scope)}</span>
        <Checkbox
          checked={state.checked}
          indeterminate={state.indeterminate}
          disabled={changeable.length === 0}
          aria-label={t('employees.permissionEditor.allOf', {
            scope: scopeLabel(scope),
            area: t(`permissionAreas.${group.area}`),
          })}
          onChange={(event) => change(scope, changeable, event.target.checked)}
        />
      </Flex>
    );
  };

  const columnsOf = (group: AreaGroup): TableColumnsType<Permission> => [
    {
      key: 'permission',
      title: t(`permissionAreas.${group.area}`),
      render: (_value, permission) => t(`permissions.${permission}`),
    },
    ...permissionScopes.map((scope) => ({
      key: scope,
      width: isPhone ? 76 : 124,
      align: 'center' as const,
      title: areaToggle(group, scope),
      render: (_value: unknown, permission: Permission) => entryBox(permission, scope),
    })),
  ];

  return (
    <div id={id} data-testid="permission-editor">
      {lock === 'self' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('employees.permissionEditor.readOnlySelf')}
        />
      )}
      {lock === 'noGrantRight' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('employees.permissionEditor.readOnlyNoRight', {
            grant: t('permissions.grant_permissions'),
            create: t('permissions.employees_create'),
            edit: t('permissions.employees_edit'),
          })}
        />
      )}
      {!readOnly && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={t('employees.permissionEditor.intro')}
          description={someLocked ? t('employees.permissionEditor.someLocked') : undefined}
        />
      )}
      {!readOnly && (
        <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="permission-presets">
          <Typography.Text strong id="permission-preset-label">
            {t('employees.permissionEditor.presets.title')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('employees.permissionEditor.presets.help')}</Typography.Text>
          <Radio.Group
            aria-labelledby="permission-preset-label"
            optionType="button"
            value={current}
            onChange={(event) => choosePreset(event.target.value as PermissionPresetName)}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
            options={permissionPresetNames.map((name) => ({
              value: name,
              label: t(`employees.permissionEditor.presets.${name}`),
            }))}
          />
          {current === null && (
            <Typography.Text type="secondary" data-testid="permission-preset-custom">
              {t('employees.permissionEditor.presets.custom')}
            </Typography.Text>
          )}
          {shortfall.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="permission-preset-shortfall"
              title={t('employees.permissionEditor.presets.shortfall', {
                count: shortfall.length,
                permissions: shortfall.map((p) => t(`permissions.${p}`)).join(', '),
              })}
            />
          )}
        </Flex>
      )}
      {sections.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`permission-section-${section.key}`}
          data-testid={`permission-section-${section.key}`}
          style={{ marginBottom: 16 }}
        >
          <Typography.Title level={5} id={`permission-section-${section.key}`} style={{ marginTop: 0 }}>
            {t(`employees.permissionEditor.sections.${section.key}`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {section.groups.map((group) => (
              <Col key={group.area} xs={24} xl={12}>
                <Table<Permission>
                  data-testid={`permission-area-${group.area}`}
                  size="small"
                  bordered
                  pagination={false}
                  rowKey={(permission) => permission}
                  dataSource={group.permissions}
                  columns={columnsOf(group)}
                />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
