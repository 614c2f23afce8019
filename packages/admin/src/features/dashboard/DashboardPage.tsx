import { Column, Line } from '@ant-design/charts';
import type {
  DashboardDay,
  DashboardFigures,
  DashboardPeriod,
  DashboardReply,
  LineFailure,
} from '@app/contract/console/dashboard';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Flex,
  Row,
  Segmented,
  Skeleton,
  Statistic,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import type { MessageKey } from '../../app/i18n/index.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import './dashboard.css';

const PERIODS: DashboardPeriod[] = ['today', 'days7', 'days30'];
const PERIOD_KEYS: Record<DashboardPeriod, MessageKey> = {
  today: 'dashboard_period_today',
  days7: 'dashboard_period_7',
  days30: 'dashboard_period_30',
};

/** The figure cards, in the order an operator reads the funnel: arrive, bind, use, pay. */
const FIGURES: { key: keyof DashboardFigures; label: MessageKey; hint: MessageKey }[] = [
  { key: 'newGuests', label: 'dashboard_new_guests', hint: 'dashboard_new_guests_hint' },
  { key: 'bindings', label: 'dashboard_bindings', hint: 'dashboard_bindings_hint' },
  { key: 'activeUsers', label: 'dashboard_active_users', hint: 'dashboard_active_users_hint' },
  { key: 'plays', label: 'dashboard_plays', hint: 'dashboard_plays_hint' },
  { key: 'viewsExhausted', label: 'dashboard_views_exhausted', hint: 'dashboard_views_exhausted_hint' },
  { key: 'vipPurchases', label: 'dashboard_vip_purchases', hint: 'dashboard_vip_purchases_hint' },
  { key: 'revenueCents', label: 'dashboard_revenue', hint: 'dashboard_revenue_hint' },
  { key: 'refunds', label: 'dashboard_refunds', hint: 'dashboard_refunds_hint' },
  { key: 'refundCents', label: 'dashboard_refund_amount', hint: 'dashboard_refund_amount_hint' },
  { key: 'conversionRate', label: 'dashboard_conversion', hint: 'dashboard_conversion_hint' },
];
/** Figures given in cents, shown as yuan. */
const MONEY = new Set<keyof DashboardFigures>(['revenueCents', 'refundCents']);

type Series = { key: keyof DashboardDay; label: MessageKey }[];
const USER_SERIES: Series = [
  { key: 'newGuests', label: 'dashboard_new_guests' },
  { key: 'bindings', label: 'dashboard_bindings' },
  { key: 'activeUsers', label: 'dashboard_active_users' },
];
const PLAY_SERIES: Series = [
  { key: 'plays', label: 'dashboard_plays' },
  { key: 'viewsExhausted', label: 'dashboard_views_exhausted' },
];

const yuan = (cents: number) =>
  (cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Console §1: the business at a glance, for the current business day, 7 and 30 days. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [reply, setReply] = useState<DashboardReply | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    consoleApi
      .get<DashboardReply>('/dashboard', { end: end?.format('YYYY-MM-DD') })
      .then((data) => current && setReply(data))
      .catch((reason: unknown) => {
        if (!current) return;
        const key = reason instanceof ConsoleError ? (reason.fields.end ?? reason.error) : 'network_error';
        setError(messageOf(key));
      });
    return () => {
      current = false;
    };
  }, [end]);

  const lines = (series: Series) =>
    (reply?.series ?? []).flatMap((day) =>
      series.map(({ key, label }) => ({
        day: day.day.slice(5),
        value: day[key] as number,
        series: t(label),
      })),
    );
  const users = useMemo(() => lines(USER_SERIES), [reply, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const plays = useMemo(() => lines(PLAY_SERIES), [reply, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const revenue = useMemo(
    () => (reply?.series ?? []).map((day) => ({ day: day.day.slice(5), value: day.revenueCents / 100 })),
    [reply],
  );

  const figures = reply?.periods[period];
  const today = reply ? dayjs(reply.end) : null;
  return (
    <div className="dashboard">
      <PageHeader
        title={t('menu_dashboard')}
        extra={
          <Flex gap={12} align="center">
            <Segmented<DashboardPeriod>
              value={period}
              onChange={setPeriod}
              options={PERIODS.map((value) => ({ value, label: t(PERIOD_KEYS[value]) }))}
            />
            <DatePicker
              allowClear
              value={end}
              placeholder={t('dashboard_end_today')}
              onChange={setEnd}
              disabledDate={(date) =>
                today && !end ? date.isAfter(today, 'day') : date.isAfter(dayjs(), 'day')
              }
              aria-label={t('dashboard_end')}
            />
          </Flex>
        }
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {!reply ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="dashboard-window">
            {t('dashboard_window', { from: figures!.from, to: figures!.to, zone: reply.timeZone })}
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {FIGURES.map(({ key, label, hint }) => (
              <Col key={key} xs={12} md={8} xl={6}>
                <Card size="small" className="dashboard-figure">
                  <Statistic
                    title={
                      <Tooltip title={t(hint)}>
                        <span>{t(label)}</span>
                      </Tooltip>
                    }
                    value={
                      MONEY.has(key)
                        ? yuan(figures![key] as number)
                        : key === 'conversionRate'
                          ? (figures!.conversionRate * 100).toFixed(1)
                          : (figures![key] as number)
                    }
                    prefix={MONEY.has(key) ? '¥' : undefined}
                    suffix={key === 'conversionRate' ? '%' : undefined}
                  />
                  {/* Over 7 or 30 days, the per-day average, said to be one (not a 0 beside today's 3). */}
                  {period !== 'today' && key in figures!.averages && (
                    <Typography.Text type="secondary" className="dashboard-average">
                      {t('dashboard_average', {
                        value: MONEY.has(key)
                          ? `¥${yuan(figures!.averages[key as keyof DashboardFigures['averages']])}`
                          : figures!.averages[key as keyof DashboardFigures['averages']].toFixed(1),
                      })}
                    </Typography.Text>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('dashboard_chart_users')}>
                <Line data={users} xField="day" yField="value" colorField="series" height={260} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('dashboard_chart_plays')}>
                <Line data={plays} xField="day" yField="value" colorField="series" height={260} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('dashboard_chart_revenue')}>
                <Column data={revenue} xField="day" yField="value" height={260} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('dashboard_line_failures')}>
                <LineFailures rows={reply.lineFailures} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}

function LineFailures({ rows }: { rows: LineFailure[] }) {
  const { t } = useTranslation();
  return (
    <ConsoleTable<LineFailure>
      size="small"
      rowKey={(row) => `${row.line ?? ''} ${row.event}`}
      dataSource={rows}
      pagination={rows.length > 6 ? { pageSize: 6, size: 'small' } : false}
      locale={{ emptyText: t('dashboard_no_failures') }}
      columns={[
        {
          title: t('dashboard_line'),
          dataIndex: 'line',
          ellipsis: true,
          render: (line: string | null) => line ?? t('dashboard_line_unknown'),
        },
        {
          title: t('dashboard_event'),
          dataIndex: 'event',
          render: (event: LineFailure['event']) => t(`dashboard_event_${event}` as MessageKey),
        },
        { title: t('dashboard_period_today'), dataIndex: 'today', align: 'right', width: 70 },
        { title: t('dashboard_period_7'), dataIndex: 'days7', align: 'right', width: 80 },
        { title: t('dashboard_period_30'), dataIndex: 'days30', align: 'right', width: 80 },
      ]}
    />
  );
}
