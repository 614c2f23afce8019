import { VIDEO_TYPES, type VideoType } from '@app/contract';
import type { ConsoleVideo, VideoBulk, VideoList } from '@app/contract/console/catalogue';
import { BULK_VIDEOS_MAX, TagSchema } from '@app/contract/console/catalogue';
import { App, Button, DatePicker, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { endOfBusinessDay, formatDateTime, formatDuration, startOfBusinessDay } from '../../app/dates.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList, useOpen } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { rangeOf, textOf } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BulkPublishButtons, VideoMediaActions } from '../media/VideoMediaActions.tsx';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { useCategories } from './catalogue-api.ts';
import { CatalogueImage } from './CatalogueImage.tsx';
import { EntitySelect } from './EntitySelect.tsx';
import { VideoEditDrawer } from './VideoEditDrawer.tsx';
import './catalogue.css';

interface Filters {
  q?: string;
  type?: VideoType;
  categoryId?: number;
  actorId?: number;
  studioId?: number;
  published?: 'yes' | 'no';
  range?: [Dayjs, Dayjs] | null;
}

/**
 * Videos (issue 24): search and filter the whole catalogue, edit one video in a drawer, change many
 * at once (tags, category) from the selection bar.
 */
export function VideosPage() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const { message } = App.useApp();
  const list = useConsoleList<ConsoleVideo>(
    '/catalogue/videos',
    { sort: 'upload_date', order: 'desc' },
    // The address holds days; the API takes the business day's instants.
    (query) => {
      const range = rangeOf(query);
      return {
        ...query,
        from: range ? startOfBusinessDay(range[0]) : undefined,
        to: range ? endOfBusinessDay(range[1]) : undefined,
      };
    },
  );
  const number = (name: string) => (textOf(list.filters, name) ? Number(list.filters[name]) : undefined);
  const filters: Filters = {
    q: textOf(list.filters, 'q'),
    type: textOf(list.filters, 'type') as VideoType | undefined,
    categoryId: number('categoryId'),
    actorId: number('actorId'),
    studioId: number('studioId'),
    published: textOf(list.filters, 'published') as Filters['published'],
    range: rangeOf(list.filters) ?? null,
  };
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const [open, setOpen] = useOpen();
  const editing = list.data.items.find((video) => String(video.id) === open) ?? null;
  const [selected, setSelected] = useState<number[]>([]);
  const categories = useCategories(filters.type);
  const totalExact = (list.data as VideoList).totalExact ?? true;

  const change = (part: Partial<Filters>) => {
    const next = { ...filters, ...part };
    list.setFilters({
      q: next.q?.trim() || undefined,
      type: next.type,
      categoryId: next.categoryId,
      actorId: next.actorId,
      studioId: next.studioId,
      published: next.published,
      from: next.range?.[0].format('YYYY-MM-DD'),
      to: next.range?.[1].format('YYYY-MM-DD'),
    });
  };

  const columns: ColumnsType<ConsoleVideo> = [
    {
      title: t('catalogue_video'),
      key: 'title',
      width: 360,
      render: (_value, video) => (
        <div className="catalogue-title-cell">
          <CatalogueImage path={video.cover} width={96} height={54} alt={t('catalogue_cover')} />
          <div className="catalogue-title-cell__text">
            <Typography.Text strong ellipsis style={{ maxWidth: 240 }} data-testid="video-title">
              {inScript(video.titleCn, video.titleTw) || video.title}
            </Typography.Text>
            <span className="catalogue-title-cell__sub">
              {/* The other script's title, when it differs, and the English one. */}
              {[video.titleTw !== video.titleCn ? inScript(video.titleTw, video.titleCn) : '', video.title]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <span className="catalogue-title-cell__sub">
              {video.avkey} · {formatDuration(video.durationS)}
            </span>
          </div>
        </div>
      ),
    },
    {
      title: t('catalogue_type'),
      dataIndex: 'type',
      key: 'type',
      width: 90,
      render: (type: VideoType) => t(`catalogue_type_${type}`),
    },
    {
      title: t('catalogue_categories'),
      key: 'categories',
      render: (_value, video) =>
        video.categories.map((c) => <Tag key={c.id}>{inScript(c.name, c.nameTw)}</Tag>),
    },
    {
      title: t('catalogue_actors'),
      key: 'actors',
      render: (_value, video) => video.actors.map((a) => inScript(a.name, a.nameTw)).join('、'),
    },
    {
      title: `${t('catalogue_studio')} / ${t('catalogue_creator')}`,
      key: 'publisher',
      render: (_value, video) => {
        const publisher = video.studio ?? video.creator;
        return publisher ? inScript(publisher.name, publisher.nameTw) : '';
      },
    },
    {
      title: t('catalogue_tags'),
      key: 'tags',
      render: (_value, video) => (
        <Flex wrap gap={2}>
          <Tag color="gold">{t(`catalogue_main_tag_${video.mainTag}` as 'catalogue_main_tag_vip')}</Tag>
          {video.secondTag && (
            <Tag color="blue">
              {t(`catalogue_second_tag_${video.secondTag}` as 'catalogue_second_tag_uncensored')}
            </Tag>
          )}
          {video.tags.map((tag, index) => (
            <Tag key={tag}>{inScript(tag, video.tagsTw[index])}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('catalogue_views'), dataIndex: 'views', key: 'views', sorter: true, width: 90 },
    {
      title: t('catalogue_upload_date'),
      dataIndex: 'uploadDate',
      key: 'upload_date',
      sorter: true,
      width: 170,
      render: formatDateTime,
    },
    {
      title: t('catalogue_published'),
      dataIndex: 'published',
      key: 'published',
      width: 90,
      render: (published: boolean) =>
        published ? (
          <Tag color="green">{t('catalogue_published_yes')}</Tag>
        ) : (
          <Tag>{t('catalogue_published_no')}</Tag>
        ),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_value, video) => (
        <Space wrap size={4}>
          <Button
            size="small"
            onClick={() => setOpen(video.id)}
            aria-label={`${t('catalogue_edit')} ${inScript(video.titleCn, video.titleTw) || video.title}`}
          >
            {t('catalogue_edit')}
          </Button>
          <VideoMediaActions video={video} reload={list.reload} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('catalogue_videos_title')} />
      <Flex wrap gap={8} className="catalogue-filters" role="search">
        <Input.Search
          allowClear
          placeholder={t('catalogue_search')}
          aria-label={t('catalogue_search')}
          style={{ width: 260 }}
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onSearch={(text) => change({ q: text })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('catalogue_type')}
          aria-label={t('catalogue_type')}
          style={{ width: 120 }}
          value={filters.type}
          options={VIDEO_TYPES.map((value) => ({ value, label: t(`catalogue_type_${value}`) }))}
          onChange={(type) => change({ type, categoryId: undefined })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('catalogue_category')}
          aria-label={t('catalogue_category')}
          style={{ width: 160 }}
          value={filters.categoryId}
          options={categories.map((c) => ({
            value: c.value,
            label: filters.type ? c.label : `${c.label}（${t(`catalogue_type_${c.type}`)}）`,
          }))}
          onChange={(categoryId) => change({ categoryId })}
        />
        <EntitySelect
          path="actors"
          placeholder={t('catalogue_actor')}
          ariaLabel={t('catalogue_actor')}
          style={{ width: 160 }}
          value={filters.actorId ?? null}
          onChange={(actorId) => change({ actorId: (actorId as number | null) ?? undefined })}
        />
        <EntitySelect
          path="studios"
          placeholder={t('catalogue_studio')}
          ariaLabel={t('catalogue_studio')}
          style={{ width: 160 }}
          value={filters.studioId ?? null}
          onChange={(studioId) => change({ studioId: (studioId as number | null) ?? undefined })}
        />
        <Select
          allowClear
          placeholder={t('catalogue_published')}
          aria-label={t('catalogue_published')}
          style={{ width: 120 }}
          value={filters.published}
          options={[
            { value: 'yes', label: t('catalogue_published_yes') },
            { value: 'no', label: t('catalogue_published_no') },
          ]}
          onChange={(published) => change({ published })}
        />
        <DatePicker.RangePicker
          aria-label={t('catalogue_upload_date')}
          value={filters.range ?? null}
          onChange={(range) => change({ range: range?.[0] && range[1] ? [range[0], range[1]] : null })}
        />
      </Flex>
      {selected.length > 0 && (
        <BulkBar ids={selected} onClear={() => setSelected([])} onDone={list.reload} notify={message} />
      )}
      <ConsoleTable<ConsoleVideo>
        rowKey="id"
        columns={columns}
        sortOrderOf={list.sortOrderOf}
        rowName={(video) => inScript(video.titleCn, video.titleTw) || video.title}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected((keys as number[]).slice(0, BULK_VIDEOS_MAX)),
        }}
        {...list.tableProps}
        pagination={{
          ...list.tableProps.pagination,
          showTotal: (total: number) =>
            totalExact ? t('total_items', { count: total }) : t('catalogue_total_more', { count: total }),
        }}
      />
      <VideoEditDrawer
        video={editing}
        onClose={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          list.reload();
        }}
      />
    </>
  );
}

/** The selection's bar: tag, untag or set the category of every selected video at once. */
function BulkBar({
  ids,
  onClear,
  onDone,
  notify,
}: {
  ids: number[];
  onClear: () => void;
  onDone: () => void;
  notify: ReturnType<typeof App.useApp>['message'];
}) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const [categoryId, setCategoryId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const categories = useCategories();
  const tagValid = TagSchema.safeParse(tag).success;

  const run = async (change: VideoBulk['change']) => {
    setBusy(true);
    try {
      const reply = await consoleApi.post<{ changed: number }>('/catalogue/videos/bulk', { ids, change });
      notify.success(t('catalogue_bulk_done', { count: reply.changed }));
      onDone();
    } catch (error) {
      const key =
        error instanceof ConsoleError ? (Object.values(error.fields)[0] ?? error.error) : 'server_error';
      notify.error(messageOf(key));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex
      wrap
      gap={8}
      align="center"
      className="catalogue-bulk-bar"
      role="toolbar"
      aria-label={t('catalogue_selected', { count: ids.length })}
    >
      <strong>{t('catalogue_selected', { count: ids.length })}</strong>
      <Input
        placeholder={t('catalogue_bulk_tag')}
        aria-label={t('catalogue_bulk_tag')}
        style={{ width: 140 }}
        maxLength={30}
        value={tag}
        onChange={(event) => setTag(event.target.value)}
      />
      <Button disabled={!tagValid} loading={busy} onClick={() => run({ action: 'add_tag', tag })}>
        {t('catalogue_bulk_add_tag')}
      </Button>
      <Button disabled={!tagValid} loading={busy} onClick={() => run({ action: 'remove_tag', tag })}>
        {t('catalogue_bulk_remove_tag')}
      </Button>
      <Select
        showSearch
        optionFilterProp="label"
        placeholder={t('catalogue_category')}
        aria-label={t('catalogue_bulk_set_category')}
        style={{ width: 180 }}
        value={categoryId}
        options={categories.map((c) => ({
          value: c.value,
          label: `${c.label}（${t(`catalogue_type_${c.type}`)}）`,
        }))}
        onChange={setCategoryId}
      />
      <Button
        disabled={categoryId === undefined}
        loading={busy}
        onClick={() => categoryId !== undefined && run({ action: 'set_category', categoryIds: [categoryId] })}
      >
        {t('catalogue_bulk_set_category')}
      </Button>
      <BulkPublishButtons ids={ids} reload={onDone} />
      <Button type="link" onClick={onClear}>
        {t('catalogue_bulk_clear')}
      </Button>
    </Flex>
  );
}
