import { CameraOutlined, QrcodeOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { CheckInResult } from '@mostrador/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Row,
  Spin,
  Typography,
  theme,
} from 'antd';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { PageHeader } from '../../../components/page-header';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import type { BookingDraft } from '../../bookings/booking-values';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCheckInAttend, useCheckInLookup } from '../api';
import { BookingResult, GiftVoucherResult } from '../components/check-in-result';
import { type CameraState, useQrCamera } from '../use-qr-camera';

// The new-booking form opens only for a voucher, after a click: not part of the screen's first paint (its
// texts with it: the rest of the catalogue).
const BookingDrawer = lazyWithRestOfCatalogue(
  () => import('../../bookings/components/booking-drawer'),
  'BookingDrawer',
);

/** What the camera panel says while it cannot scan, and whether trying again may help. */
const cameraProblems: Partial<Record<CameraState, { title: string; text: string; retry: boolean }>> = {
  denied: { title: 'checkIn.camera.denied.title', text: 'checkIn.camera.denied.text', retry: true },
  noCamera: { title: 'checkIn.camera.noCamera.title', text: 'checkIn.camera.noCamera.text', retry: false },
  failed: { title: 'checkIn.camera.failed.title', text: 'checkIn.camera.failed.text', retry: true },
};

/**
 * `/scanner`, the QR scanner at the reception: the device camera (the rear one on a phone) reads the QR
 * of a booking's confirmation or of a gift voucher; a typed code does the same (the only way without a
 * camera or its permission). The result: the booking with a big "Mark attended" (or why not), or the
 * voucher with its bookings left and "Book with this voucher" (the new-booking form with its code
 * filled); a wrong code, another company's or a deleted one says so. "Scan another" starts again.
 */
export function ScannerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { token } = theme.useToken();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const lookup = useCheckInLookup();
  const attend = useCheckInAttend();
  const [form] = Form.useForm<{ code: string }>();
  const [code, setCode] = useState<string>();
  const [result, setResult] = useState<CheckInResult>();
  const [failure, setFailure] = useState<unknown>();
  const [justMarked, setJustMarked] = useState(false);
  const [draft, setDraft] = useState<BookingDraft>();
  const video = useRef<HTMLVideoElement>(null);
  // On a phone the result comes first, with its "Scan another" right under it.
  const wide = Grid.useBreakpoint().lg === true;

  const showing = code !== undefined;
  const look = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      setCode(trimmed);
      setResult(undefined);
      setFailure(undefined);
      setJustMarked(false);
      lookup.mutate(
        { code: trimmed },
        { onSuccess: (found) => setResult(found), onError: (error) => setFailure(error) },
      );
    },
    [lookup.mutate],
  );
  const camera = useQrCamera(video, !showing, look);

  const again = () => {
    setCode(undefined);
    setResult(undefined);
    setFailure(undefined);
    setJustMarked(false);
    form.resetFields();
  };

  const markAttended = () => {
    if (!code) return;
    attend.mutate(
      { code },
      {
        onSuccess: (marked) => {
          setResult(marked);
          setJustMarked(true);
          message.success(t('checkIn.booking.marked'));
        },
        onError: (error) => {
          message.error(errorMessage(error));
          // What changed meanwhile (cancelled, marked by another desk) shows on the card.
          lookup.mutate({ code }, { onSuccess: (found) => setResult(found) });
        },
      },
    );
  };

  const problem = cameraProblems[camera.state];
  const videoShown = !showing && (camera.state === 'starting' || camera.state === 'scanning');

  return (
    <>
      <PageHeader title={t('checkIn.title')} subtitle={t('checkIn.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: showing ? 2 : 1 }} lg={{ span: 12, order: 1 }}>
          <Card
            title={
              <Flex align="center" gap={8}>
                <CameraOutlined aria-hidden />
                {t('checkIn.camera.title')}
              </Flex>
            }
            data-testid="check-in-camera"
            data-camera={camera.state}
          >
            {showing ? (
              wide && (
                <Flex vertical align="center" gap={12} style={{ padding: '12px 0 28px' }}>
                  <QrcodeOutlined aria-hidden style={{ fontSize: 48, color: token.colorTextTertiary }} />
                  <Typography.Text type="secondary">{t('checkIn.camera.paused')}</Typography.Text>
                  <Button
                    type="primary"
                    size="large"
                    icon={<ReloadOutlined aria-hidden />}
                    onClick={again}
                    data-testid="check-in-again"
                  >
                    {t('checkIn.scanAnother')}
                  </Button>
                </Flex>
              )
            ) : problem ? (
              <Alert
                type={camera.state === 'denied' ? 'warning' : 'info'}
                showIcon
                title={t(problem.title)}
                description={t(problem.text)}
                action={
                  problem.retry ? (
                    <Button size="small" onClick={camera.retry} data-testid="check-in-camera-retry">
                      {t('checkIn.camera.retry')}
                    </Button>
                  ) : undefined
                }
                data-testid="check-in-camera-problem"
              />
            ) : null}
            <div
              style={{
                display: videoShown ? 'block' : 'none',
                position: 'relative',
                background: '#000',
                borderRadius: token.borderRadiusLG,
                overflow: 'hidden',
                aspectRatio: '4 / 3',
                maxHeight: 420,
                margin: '0 auto',
              }}
            >
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('checkIn.camera.videoLabel')}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                data-testid="check-in-video"
              />
              {/* A frame to aim with. */}
              <div
                aria-hidden
                style={{
                  position: 'absolute',
                  inset: '15% 22%',
                  border: '3px solid rgba(255,255,255,0.85)',
                  borderRadius: 12,
                  boxShadow: '0 0 0 9999px rgba(0,0,0,0.25)',
                }}
              />
              {camera.state === 'starting' && (
                <Flex
                  align="center"
                  justify="center"
                  style={{ position: 'absolute', inset: 0, color: '#fff' }}
                >
                  <Spin />
                </Flex>
              )}
            </div>
            {videoShown && (
              <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', textAlign: 'center' }}>
                {camera.state === 'starting' ? t('checkIn.camera.starting') : t('checkIn.camera.hint')}
              </Typography.Paragraph>
            )}
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              style={{ marginTop: showing && wide ? 0 : 16 }}
              onFinish={({ code: typed }) => look(typed ?? '')}
              data-testid="check-in-form"
            >
              <Form.Item
                name="code"
                label={t('checkIn.typed.label')}
                extra={t('checkIn.typed.help')}
                rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                style={{ marginBottom: 0 }}
              >
                <Input.Search
                  placeholder={t('checkIn.typed.placeholder')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={500}
                  enterButton={
                    <span>
                      <SearchOutlined aria-hidden /> {t('checkIn.typed.submit')}
                    </span>
                  }
                  loading={lookup.isPending}
                  onSearch={() => form.submit()}
                  data-testid="check-in-code"
                />
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={{ span: 24, order: showing ? 1 : 2 }} lg={{ span: 12, order: 2 }}>
          <div aria-live="polite">
            {lookup.isPending && !result ? (
              <Card>
                <Flex justify="center" style={{ padding: 32 }}>
                  <Spin />
                </Flex>
              </Card>
            ) : result?.kind === 'booking' ? (
              <BookingResult
                booking={result.booking}
                timeZone={timeZone}
                canAttend={can('bookings_edit')}
                attending={attend.isPending}
                justMarked={justMarked}
                onAttend={markAttended}
              />
            ) : result?.kind === 'giftVoucher' ? (
              <GiftVoucherResult
                voucher={result.giftVoucher}
                timeZone={timeZone}
                canBook={can('bookings_create')}
                onBook={() =>
                  setDraft({
                    bookingCalendarId: result.giftVoucher.product.bookingCalendarId ?? undefined,
                    productId: result.giftVoucher.product.id,
                    giftVoucherCode: result.giftVoucher.code,
                  })
                }
              />
            ) : failure !== undefined ? (
              <div data-testid="check-in-failure">
                <Alert
                  type="error"
                  showIcon
                  style={{ padding: '20px 24px' }}
                  title={
                    isApiError(failure, 403)
                      ? t('checkIn.failure.forbidden')
                      : isApiError(failure, 404)
                        ? t('checkIn.failure.notFound')
                        : errorMessage(failure)
                  }
                  description={code ? <span style={{ wordBreak: 'break-all' }}>{code}</span> : undefined}
                  data-testid="check-in-error"
                />
              </div>
            ) : (
              <Card>
                <Empty
                  image={
                    <QrcodeOutlined aria-hidden style={{ fontSize: 56, color: token.colorTextQuaternary }} />
                  }
                  description={t('checkIn.empty')}
                />
              </Card>
            )}
            {showing && !wide && (result !== undefined || failure !== undefined) && (
              <Button
                block
                size="large"
                icon={<ReloadOutlined aria-hidden />}
                onClick={again}
                style={{ marginTop: 16 }}
                data-testid="check-in-again"
              >
                {t('checkIn.scanAnother')}
              </Button>
            )}
          </div>
        </Col>
      </Row>
      {draft && (
        <Suspense fallback={null}>
          <BookingDrawer
            open
            draft={draft}
            onClose={() => setDraft(undefined)}
            onCreated={() => {
              // The voucher's uses changed: read it again.
              if (code) lookup.mutate({ code }, { onSuccess: (found) => setResult(found) });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
