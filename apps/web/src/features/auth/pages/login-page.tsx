import { CloseCircleFilled, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import Checkbox from 'antd/es/checkbox/Checkbox';
// The checkbox and the two inputs on their own: antd's indexes also bring the checkbox group and TextArea,
// Search, OTP and the input group (~4 KB gz).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeys, isApiError } from '../../../api/errors';
import { useAppContext } from '../../../app/app-context';
import { usePageTitle } from '../../../components/use-page-title';
import { useLogin } from '../api';
import { LoginField } from '../components/login-field';

const fields = ['license', 'username', 'password'] as const;
type Field = (typeof fields)[number];

/** Minutes until the login is taken again, from the 429's `retryAfterSeconds` (also its Retry-After). */
function retryMinutes(error: unknown): number | undefined {
  if (!isApiError(error, 429)) return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds / 60) : undefined;
}

/** What the login screen says for a failure: wrong details, too many attempts, or the generic cause. */
function failureKeys(error: unknown): string[] {
  if (isApiError(error, 429))
    return retryMinutes(error) ? ['login.retryIn', 'errors.1000105'] : ['errors.1000105'];
  if (isApiError(error, 401)) return ['errors.1000102'];
  return errorKeys(error);
}

/**
 * The first screen of every visit. It must stay under its download budget (200 KB of gzipped JS with React,
 * the router and antd's theme: apps/api/bench/web-load.ts), so it is built from the lightest antd pieces:
 * inputs and a button, without antd's Form (its validation engine and tooltips), Card (tabs and menus),
 * Typography, Alert or Flex.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { appConfig } = useAppContext();
  const login = useLogin();
  usePageTitle(t('login.title'));

  const [values, setValues] = useState<Record<Field, string>>({ license: '', username: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const isEmpty = (field: Field) => values[field].trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.filter(isEmpty);
    setMissing(Object.fromEntries(empty.map((field) => [field, true])));
    if (empty[0]) {
      inputs.current[empty[0]]?.focus();
      return;
    }
    login.mutate({
      license: values.license.trim(),
      username: values.username.trim(),
      password: values.password,
      remember,
    });
  };

  const inputProps = (field: Field) => ({
    id: `login-${field}`,
    name: field,
    value: values[field],
    disabled: login.isPending,
    status: missing[field] ? ('error' as const) : undefined,
    'aria-required': true,
    'aria-invalid': !!missing[field],
    'aria-describedby': missing[field] ? `login-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (value.trim()) setMissing((current) => ({ ...current, [field]: false }));
    },
    onBlur: () => setMissing((current) => ({ ...current, [field]: isEmpty(field) })),
  });
  const field = (name: Field, input: React.ReactNode) => (
    <LoginField
      id={`login-${name}`}
      label={t(`login.${name}`)}
      required
      error={missing[name] ? t('validation.required') : undefined}
    >
      {input}
    </LoginField>
  );

  return (
    <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <div
        style={{
          width: 400,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div style={{ marginBottom: token.marginLG, textAlign: 'center' }}>
          {appConfig.brand?.logoUrl && (
            <img
              src={appConfig.brand.logoUrl}
              alt=""
              style={{ display: 'block', margin: '0 auto', maxHeight: 56 }}
            />
          )}
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading2, color: token.colorTextHeading }}>
            {appConfig.appName}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
        </div>
        {login.isError && (
          <div
            role="alert"
            data-testid="login-error"
            style={{
              marginBottom: token.margin,
              padding: `${token.paddingXS}px ${token.paddingSM}px`,
              color: token.colorErrorText,
              background: token.colorErrorBg,
              border: `1px solid ${token.colorErrorBorder}`,
              borderRadius: token.borderRadiusLG,
            }}
          >
            <CloseCircleFilled
              aria-hidden
              style={{ color: token.colorError, marginInlineEnd: token.marginXS }}
            />
            {t(failureKeys(login.error), { minutes: retryMinutes(login.error) })}
          </div>
        )}
        <form noValidate onSubmit={submit} data-testid="login-form">
          {field(
            'license',
            <Input
              {...inputProps('license')}
              ref={(input) => {
                inputs.current.license = input?.input;
              }}
              prefix={<SafetyCertificateOutlined aria-hidden />}
              autoComplete="organization"
              autoFocus
            />,
          )}
          {field(
            'username',
            <Input
              {...inputProps('username')}
              ref={(input) => {
                inputs.current.username = input?.input;
              }}
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
            />,
          )}
          {field(
            'password',
            <Password
              {...inputProps('password')}
              ref={(input) => {
                inputs.current.password = input?.input;
              }}
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
            />,
          )}
          <div style={{ marginBottom: token.marginLG }}>
            <Checkbox
              name="remember"
              checked={remember}
              disabled={login.isPending}
              onChange={(event) => setRemember(event.target.checked)}
            >
              {t('login.remember')}
            </Checkbox>
          </div>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
