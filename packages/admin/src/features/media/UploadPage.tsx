import type { VideoType } from '@app/contract';
import { TRANSCODE_JOB_STATES, type TranscodeJob } from '@app/contract/console/media';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  List,
  Popconfirm,
  Popover,
  Progress,
  Segmented,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime, formatDuration } from '../../app/dates.ts';
import { messageOf, type MessageKey } from '../../app/i18n/index.ts';
import { useView } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CoverPicker } from './CoverPicker.tsx';
import { useJobs } from './use-jobs.ts';
import { useUploads, type FileUpload } from './use-uploads.ts';
import { useOperator } from '../../app/session.tsx';

/** The job list's views (`?state=failed`): every job, or those in one state. */
const JOB_VIEWS = ['all', ...TRANSCODE_JOB_STATES] as const;
type JobView = (typeof JOB_VIEWS)[number];

const STATE_COLOURS: Record<TranscodeJob['state'], string> = {
  uploading: 'processing',
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function UploadRow({
  upload,
  onPause,
  onResume,
  onCancel,
}: {
  upload: FileUpload;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const percent = upload.size > 0 ? Math.floor((upload.sent / upload.size) * 100) : 100;
  const left = upload.speed > 0 ? (upload.size - upload.sent) / upload.speed : undefined;
  return (
    <List.Item
      aria-label={upload.name}
      actions={[
        upload.state === 'sending' && (
          <Button key="pause" size="small" onClick={onPause}>
            {t('media_pause')}
          </Button>
        ),
        upload.state === 'paused' && (
          <Button key="resume" size="small" onClick={onResume}>
            {t('media_resume')}
          </Button>
        ),
        upload.state !== 'done' && (
          <Button key="cancel" size="small" danger onClick={onCancel}>
            {t('media_cancel_upload')}
          </Button>
        ),
      ].filter(Boolean)}
    >
      <div style={{ width: '100%' }}>
        <Flex justify="space-between">
          <Typography.Text strong>{upload.name}</Typography.Text>
          <Typography.Text type={upload.state === 'failed' ? 'danger' : 'secondary'}>
            {upload.state === 'failed'
              ? `${t('media_upload_failed')}：${messageOf(upload.error ?? 'network_error')}`
              : t(`media_upload_${upload.state}` as MessageKey)}
          </Typography.Text>
        </Flex>
        <Progress
          format={(value) => `${value}%`}
          percent={percent}
          status={upload.state === 'failed' ? 'exception' : upload.state === 'done' ? 'success' : 'active'}
          aria-label={`${upload.name} ${percent}%`}
        />
        <Space size="large">
          <Typography.Text type="secondary">
            {t('media_upload_progress', { sent: formatBytes(upload.sent), total: formatBytes(upload.size) })}
          </Typography.Text>
          {upload.state === 'sending' && upload.speed > 0 && (
            <Typography.Text type="secondary">
              {t('media_upload_speed', { speed: formatBytes(upload.speed) })}
            </Typography.Text>
          )}
          {upload.state === 'sending' && left !== undefined && (
            <Typography.Text type="secondary">
              {t('media_time_left', { time: formatDuration(left) })}
            </Typography.Text>
          )}
        </Space>
      </div>
    </List.Item>
  );
}

/** Console "上传与转码": drop files, watch them upload and transcode, pick a cover, publish. */
export function UploadPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { jobs, loading, live, reload, put } = useJobs();
  const { uploads, add, pause, resume, cancel } = useUploads(() => void reload());
  const [type, setType] = useState<VideoType>('long');
  const [picking, setPicking] = useState<TranscodeJob>();
  const { params, change } = useView();
  const operator = useOperator();
  // Jobs follow their upload's owner; owners act on all (the server refuses the rest with 404).
  const mayAct = (job: TranscodeJob) => operator.role === 'owner' || job.operatorEmail === operator.email;
  const view = JOB_VIEWS.find((value) => value === params.get('state')) ?? 'all';

  const act = async (run: () => Promise<unknown>, done: MessageKey) => {
    try {
      await run();
      message.success(t(done));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    void reload();
  };

  const unfinished = jobs.filter(
    (job) => job.state === 'uploading' && !uploads.some((upload) => upload.name === job.fileName),
  );

  const columns: ColumnsType<TranscodeJob> = [
    {
      title: t('media_col_file'),
      key: 'file',
      render: (_value, job) => (
        <Space direction="vertical" size={0}>
          {/* The video's title now: an editor may have renamed it since the upload. */}
          <Typography.Text strong>{job.video?.title ?? job.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {job.fileName} · {formatBytes(job.sizeBytes)} · {t(`media_type_${job.type}` as MessageKey)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {job.operatorEmail ?? 'npm run ingest'} · {formatDateTime(job.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('media_col_state'),
      key: 'state',
      width: 110,
      render: (_value, job) => (
        <Tag color={STATE_COLOURS[job.state]}>{t(`media_state_${job.state}` as MessageKey)}</Tag>
      ),
    },
    {
      title: t('media_col_progress'),
      key: 'progress',
      width: 300,
      render: (_value, job) => {
        if (job.state === 'failed')
          return (
            <Space direction="vertical" size={0}>
              <Typography.Text type="danger">
                {t(`media_failure_${job.failure ?? 'transcode_failed'}` as MessageKey)}
              </Typography.Text>
              {/* ffmpeg's own words (English) stay behind "details", for whoever fixes the file. */}
              {job.failureDetail && (
                <Popover
                  trigger="click"
                  title={t('details')}
                  content={
                    <pre
                      style={{
                        maxWidth: 480,
                        maxHeight: 240,
                        overflow: 'auto',
                        whiteSpace: 'pre-wrap',
                        fontSize: 12,
                      }}
                    >
                      {job.failureDetail}
                    </pre>
                  }
                >
                  <Typography.Link style={{ fontSize: 12 }}>{t('details')}</Typography.Link>
                </Popover>
              )}
            </Space>
          );
        const percent =
          job.state === 'uploading'
            ? Math.floor((job.receivedBytes / Math.max(1, job.sizeBytes)) * 100)
            : Math.floor(job.percent);
        return (
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Progress
              format={(value) => `${value}%`}
              percent={percent}
              size="small"
              status={job.state === 'done' ? 'success' : job.state === 'running' ? 'active' : 'normal'}
              aria-label={`${job.title} ${percent}%`}
            />
            {job.state === 'running' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {job.stage && t(`media_stage_${job.stage}` as MessageKey)}
                {job.etaSeconds !== null &&
                  ` · ${t('media_time_left', { time: formatDuration(job.etaSeconds) })}`}
                {job.attempts > 1 && ` · ${t('media_attempts', { n: job.attempts })}`}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 300,
      render: (_value, job) => (
        <Space wrap>
          {job.video && (
            <Tag color={job.video.published ? 'green' : 'default'}>
              {t(job.video.published ? 'media_published' : 'media_unpublished')}
            </Tag>
          )}
          {job.video && (
            <Button size="small" onClick={() => setPicking(job)}>
              {t('media_choose_cover')}
            </Button>
          )}
          {job.video && (
            <Button
              size="small"
              type={job.video.published ? 'default' : 'primary'}
              onClick={() =>
                void act(
                  () =>
                    consoleApi.post('/videos/publish', {
                      ids: [job.video!.id],
                      published: !job.video!.published,
                    }),
                  job.video!.published ? 'media_unpublish_done' : 'media_publish_done',
                )
              }
            >
              {t(job.video.published ? 'media_unpublish' : 'media_publish')}
            </Button>
          )}
          {job.retryable && mayAct(job) && (
            <Button
              size="small"
              onClick={() =>
                void act(
                  async () => put(await consoleApi.post<TranscodeJob>(`/transcode/jobs/${job.id}/retry`)),
                  'media_retried',
                )
              }
            >
              {t('media_retry')}
            </Button>
          )}
          {(job.state === 'failed' || job.state === 'uploading') && mayAct(job) && (
            <Button
              size="small"
              danger
              onClick={() => void act(() => consoleApi.delete(`/transcode/jobs/${job.id}`), 'media_removed')}
            >
              {t('media_remove')}
            </Button>
          )}
          {job.video && (
            <Popconfirm
              title={t('media_delete_confirm')}
              onConfirm={() => void act(() => consoleApi.delete(`/videos/${job.video!.id}`), 'media_deleted')}
            >
              <Button size="small" danger>
                {t('media_delete_video')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('media_upload_title')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
          <Typography.Text id="media-new-type">{t('media_new_type')}</Typography.Text>
          <Segmented<VideoType>
            aria-labelledby="media-new-type"
            value={type}
            onChange={setType}
            options={(['long', 'short', 'original'] as const).map((value) => ({
              value,
              label: t(`media_type_${value}` as MessageKey),
            }))}
          />
        </Flex>
        <Upload.Dragger
          multiple
          accept="video/*,.mkv,.ts,.m2ts,.flv,.wmv,.avi,.mov"
          showUploadList={false}
          beforeUpload={(file, files) => {
            // Called once per file: the whole batch goes in with its first file.
            if (file === files[0]) add(files, type);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('media_drop_title')}</p>
          <p className="ant-upload-hint">{t('media_drop_hint')}</p>
        </Upload.Dragger>
        {unfinished.length > 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message={t('media_unfinished_hint', { count: unfinished.length })}
          />
        )}
        {uploads.length > 0 && (
          <List
            header={<Typography.Text strong>{t('media_uploads')}</Typography.Text>}
            dataSource={uploads}
            rowKey="key"
            renderItem={(upload) => (
              <UploadRow
                upload={upload}
                onPause={() => pause(upload.key)}
                onResume={() => resume(upload.key)}
                onCancel={() => cancel(upload.key)}
              />
            )}
          />
        )}
      </Card>
      <Card
        title={t('media_jobs')}
        extra={<Tag color={live ? 'green' : 'default'}>{t(live ? 'media_live' : 'media_polling')}</Tag>}
      >
        <Segmented<JobView>
          style={{ marginBottom: 12 }}
          value={view}
          onChange={(next) => change({ state: next === 'all' ? undefined : next })}
          options={JOB_VIEWS.map((value) => ({
            value,
            label: value === 'all' ? t('all') : t(`media_state_${value}` as MessageKey),
          }))}
        />
        <ConsoleTable<TranscodeJob>
          rowKey="id"
          loading={loading}
          dataSource={view === 'all' ? jobs : jobs.filter((job) => job.state === view)}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('media_no_jobs') }}
        />
      </Card>
      {picking?.video && (
        <CoverPicker
          open
          videoId={picking.video.id}
          title={picking.title}
          onClose={() => setPicking(undefined)}
          onChanged={() => void reload()}
        />
      )}
    </>
  );
}
