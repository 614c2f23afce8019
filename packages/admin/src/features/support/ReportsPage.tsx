import type { ConsoleReport } from '@app/contract/console/support';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { StateFilter } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { reportReasonLabel, videoTypeLabel } from './report-labels.ts';

type ReportState = 'open' | 'resolved' | 'all';
const DONE = {
  resolve: 'report_resolved_done',
  unpublish: 'report_unpublished_done',
  republish: 'report_republished_done',
} as const;

/**
 * The video-report queue: open the video in the app, mark the report handled, or unpublish the
 * video; a report that unpublished its video can publish it again (support has no catalogue).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useConsoleList<ConsoleReport>('/support/reports', { sort: 'created_at', order: 'desc' });

  const act = async (report: ConsoleReport, action: 'resolve' | 'unpublish' | 'republish') => {
    try {
      await consoleApi.post(`/support/reports/${report.id}/${action}`);
      message.success(t(DONE[action]));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    list.reload();
  };

  const columns: ColumnsType<ConsoleReport> = [
    {
      title: t('created_at'),
      dataIndex: 'createdAt',
      key: 'created_at',
      width: 180,
      sorter: true,
      render: formatDateTime,
    },
    {
      title: t('report_video'),
      key: 'video',
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong delete={row.videoUnpublished}>
            {row.videoTitle}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {videoTypeLabel(t, row.videoType)} · <code>{row.avkey}</code>
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('report_reason'),
      key: 'reason',
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <span>{reportReasonLabel(t, row.reportType)}</span>
          {row.reportContent && <Typography.Text type="secondary">{row.reportContent}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('report_device'),
      key: 'device',
      render: (_value, row) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[row.deviceOs, row.streamHost, row.imgHost].filter(Boolean).join(' · ') || '—'}
        </Typography.Text>
      ),
    },
    {
      title: t('report_reporter'),
      dataIndex: 'userId',
      key: 'user',
      width: 100,
      render: (userId: number) => <Link to={`/users/${userId}`}>#{userId}</Link>,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 300,
      render: (_value, row) => (
        <Space wrap>
          <Button
            size="small"
            icon={<ExportOutlined />}
            href={row.videoPath}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('report_open_video')}
          </Button>
          {row.resolvedAt ? (
            <>
              <Tag color={row.resolution === 'unpublished' ? 'red' : 'green'}>
                {t(`report_resolution_${row.resolution ?? 'resolved'}`)}
              </Tag>
              {row.resolution === 'unpublished' && row.videoUnpublished && (
                <Popconfirm
                  title={t('report_republish_confirm')}
                  onConfirm={() => act(row, 'republish')}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                >
                  <Button size="small">{t('report_republish')}</Button>
                </Popconfirm>
              )}
              {row.resolution === 'unpublished' && !row.videoUnpublished && (
                <Tag color="blue">{t('report_republished')}</Tag>
              )}
            </>
          ) : (
            <>
              <Button size="small" onClick={() => act(row, 'resolve')}>
                {t('report_resolve')}
              </Button>
              {!row.videoUnpublished && (
                <Popconfirm
                  title={t('report_unpublish_confirm')}
                  onConfirm={() => act(row, 'unpublish')}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                >
                  <Button size="small" danger>
                    {t('report_unpublish')}
                  </Button>
                </Popconfirm>
              )}
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('reports_title')} />
      <StateFilter<ReportState>
        list={list}
        options={[
          { value: 'open', label: t('report_state_open') },
          { value: 'resolved', label: t('report_state_resolved') },
          { value: 'all', label: t('all') },
        ]}
      />
      <ConsoleTable<ConsoleReport>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
      />
    </>
  );
}
