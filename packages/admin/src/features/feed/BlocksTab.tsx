import {
  BlockInputSchema,
  FEED_BLOCK_ACTORS_MAX,
  FEED_BLOCK_CATEGORIES_MAX,
  FEED_BLOCK_STUDIOS_MAX,
  FEED_BLOCK_TAGS_MAX,
  FEED_BLOCK_VIDEOS_MAX,
  FEED_LAYOUTS,
  FEED_TITLE_MAX,
  LAYOUT_CONTENTS,
  type BlockInput,
  type ConsoleBlock,
  type FeedLayout,
  type Picked,
  type PickKind,
} from '@app/contract/console/feed';
import { Button, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form.ts';
import { EditDialog } from '../../components/EditDialog.tsx';
import { OrderBar, RowButtons } from './FeedRowParts.tsx';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { feedApi } from './feed-api.ts';
import { ordered, sameOrder, type FeedTabProps } from './FeedPage.tsx';
import { PickField } from './PickField.tsx';
import { SortableList } from './SortableList.tsx';

type Known = Record<PickKind, Map<number, Picked>>;
const DRAFT_ID = -1;
/** A refusal names the block's content fields `content.tags`; the form has them at its top. */
const CONTENT_FIELDS = Object.fromEntries(
  ['videoIds', 'tags', 'actorIds', 'studioIds', 'categoryIds', 'limit', 'videosPerActor'].map((name) => [
    `content.${name}`,
    name,
  ]),
);

interface BlockForm {
  layout: FeedLayout;
  title: string;
  titleTw: string;
  videoIds: number[];
  tags: string[];
  actorIds: number[];
  studioIds: number[];
  categoryIds: number[];
  limit?: number | null;
  videosPerActor?: number | null;
}

function summary(
  block: ConsoleBlock,
  t: (key: string, options?: Record<string, unknown>) => string,
  ads: number,
) {
  const { content } = block;
  const parts: string[] = [];
  const uses = LAYOUT_CONTENTS[block.layout as FeedLayout] ?? [];
  if (uses.includes('tags')) parts.push(t('feed_block_summary_tags', { count: content.tags.length }));
  if (uses.includes('videos'))
    parts.push(
      content.videoIds.length > 0 || block.layout === 3
        ? t('feed_block_summary_videos', { count: content.videoIds.length })
        : t('feed_block_summary_random'),
    );
  if (uses.includes('actors')) parts.push(t('feed_block_summary_actors', { count: content.actorIds.length }));
  if (uses.includes('studios'))
    parts.push(t('feed_block_summary_studios', { count: content.studioIds.length }));
  if (uses.includes('categories'))
    parts.push(t('feed_block_summary_categories', { count: content.categoryIds.length }));
  if (ads > 0) parts.push(t('feed_block_ads', { count: ads }));
  return parts.join(' · ');
}

/** The Recommend feed's blocks of one home: ordered by drag, each edited in a dialog. */
export function BlocksTab({ type, saved, draft, setDraft, reload }: FeedTabProps) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const [editing, setEditing] = useState<ConsoleBlock | 'new' | null>(null);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('feed_add_block')}
        </Button>
      </Space>
      <OrderBar
        changed={!sameOrder(draft.blocks, saved.blocks)}
        undo={() => setDraft((current) => ({ ...current, blocks: saved.blocks }))}
        save={async () => {
          await feedApi.orderBlocks(
            type,
            draft.blocks.map((block) => block.id),
          );
          await reload();
        }}
      />
      <SortableList
        items={draft.blocks.filter((block) => block.id !== DRAFT_ID)}
        nameOf={(block) =>
          inScript(block.title, block.titleTw) || t(`feed_layout_${block.layout}` as 'feed_layout_1')
        }
        onMove={(ids) => setDraft((current) => ({ ...current, blocks: ordered(current.blocks, ids) }))}
        render={(block) => (
          <>
            <Tag color="blue">{t(`feed_layout_${block.layout}` as 'feed_layout_1')}</Tag>
            <div className="feed-row__text">
              <strong>{inScript(block.title, block.titleTw) || t('feed_no_title')}</strong>
              <div style={{ color: '#888', fontSize: 12 }}>
                {summary(
                  block,
                  t as never,
                  draft.ads.filter((ad) => ad.placement === 'feed' && ad.blockId === block.id).length,
                )}
              </div>
            </div>
            <RowButtons
              name={block.title || t('feed_no_title')}
              onEdit={() => setEditing(block)}
              onDelete={async () => {
                await feedApi.deleteBlock(block.id);
                await reload();
              }}
            />
          </>
        )}
      />
      {editing && (
        <BlockEditor
          type={type}
          block={editing === 'new' ? null : editing}
          onPreview={(preview) =>
            setDraft((current) => {
              const blocks = current.blocks.filter((block) => block.id !== DRAFT_ID);
              if (!preview)
                return {
                  ...current,
                  blocks: ordered(
                    saved.blocks,
                    blocks.map((block) => block.id),
                  ),
                };
              const at = blocks.findIndex((block) => block.id === preview.id);
              if (at >= 0)
                return { ...current, blocks: blocks.map((block, index) => (index === at ? preview : block)) };
              return { ...current, blocks: [...blocks, { ...preview, id: DRAFT_ID }] };
            })
          }
          onClose={async (changedBlock) => {
            setEditing(null);
            if (changedBlock) await reload();
            else
              setDraft((current) => ({
                ...current,
                blocks: ordered(
                  saved.blocks,
                  current.blocks.map((b) => b.id),
                ),
              }));
          }}
        />
      )}
    </Space>
  );
}

function BlockEditor({
  type,
  block,
  onPreview,
  onClose,
}: {
  type: FeedTabProps['type'];
  block: ConsoleBlock | null;
  onPreview: (block: ConsoleBlock | null) => void;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlockForm>();
  const known = useRef<Known>({
    video: new Map(block?.picked.videos.map((item) => [item.id, item])),
    actor: new Map(block?.picked.actors.map((item) => [item.id, item])),
    studio: new Map(block?.picked.studios.map((item) => [item.id, item])),
    category: new Map(block?.picked.categories.map((item) => [item.id, item])),
  }).current;
  const savedTagsTw = new Map(
    block?.content.tags.map((tag, index) => [tag, block.picked.tagsTw[index] ?? tag]),
  );
  const found = (kind: PickKind) => (items: Picked[]) =>
    items.forEach((item) => known[kind].set(item.id, item));
  const layout = (Form.useWatch('layout', form) ?? block?.layout ?? 4) as FeedLayout;
  const uses = new Set(LAYOUT_CONTENTS[layout]);

  const initial: BlockForm = {
    layout: (block?.layout ?? 4) as FeedLayout,
    title: block?.title ?? '',
    titleTw: block?.titleTw ?? '',
    videoIds: block?.content.videoIds ?? [],
    tags: block?.content.tags ?? [],
    actorIds: block?.content.actorIds ?? [],
    studioIds: block?.content.studioIds ?? [],
    categoryIds: block?.content.categoryIds ?? [],
    limit: block?.content.limit ?? null,
    videosPerActor: block?.content.videosPerActor ?? null,
  };

  const inputOf = (values: BlockForm): BlockInput => ({
    type,
    layout: values.layout,
    title: values.title ?? '',
    titleTw: values.titleTw ?? '',
    content: {
      videoIds: values.videoIds ?? [],
      tags: values.tags ?? [],
      actorIds: values.actorIds ?? [],
      studioIds: values.studioIds ?? [],
      categoryIds: values.categoryIds ?? [],
      ...(values.limit ? { limit: values.limit } : {}),
      ...(values.videosPerActor ? { videosPerActor: values.videosPerActor } : {}),
    },
  });

  /** The block as the preview draws it while the dialog is open. */
  const preview = (values: BlockForm) => {
    const input = inputOf({ ...initial, ...values });
    const names = (kind: PickKind, ids: number[]) => ids.flatMap((id) => known[kind].get(id) ?? []);
    onPreview({
      id: block?.id ?? DRAFT_ID,
      type,
      layout: input.layout as number,
      title: input.title,
      titleTw: input.titleTw ?? '',
      content: { ...input.content!, videoIds: input.content!.videoIds ?? [] } as ConsoleBlock['content'],
      picked: {
        videos: names('video', input.content!.videoIds ?? []),
        actors: names('actor', input.content!.actorIds ?? []),
        studios: names('studio', input.content!.studioIds ?? []),
        categories: names('category', input.content!.categoryIds ?? []),
        // A tag typed in the dialog has no Traditional yet: the server makes it at save.
        tagsTw: (input.content!.tags ?? []).map((tag) => savedTagsTw.get(tag) ?? tag),
      },
    });
  };

  const submit = async (values: BlockForm) => {
    const input = inputOf(values);
    if (block) await feedApi.updateBlock(block.id, input);
    else await feedApi.createBlock(input);
  };

  const picker = (kind: PickKind, name: keyof BlockForm, label: string, max: number) => (
    <Form.Item name={name} label={label} extra={t('feed_pick_search')}>
      <PickField kind={kind} type={type} known={known[kind]} onFound={found(kind)} label={label} max={max} />
    </Form.Item>
  );

  return (
    <EditDialog<BlockForm>
      form={form}
      width={640}
      title={block ? t('feed_edit_block') : t('feed_add_block')}
      initialValues={initial}
      onSave={submit}
      onClose={onClose}
      onValuesChange={preview}
      savedText={() => t('feed_saved')}
      fieldNames={CONTENT_FIELDS}
    >
      <Form.Item
        name="layout"
        label={t('feed_layout')}
        extra={t(`feed_layout_help_${layout}` as 'feed_layout_help_1')}
      >
        <Select
          aria-label={t('feed_layout')}
          options={FEED_LAYOUTS.map((value) => ({
            value,
            label: t(`feed_layout_${value}` as 'feed_layout_1'),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('feed_block_title')}
        rules={[schemaRule(BlockInputSchema.shape.title)]}
      >
        <Input maxLength={FEED_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="titleTw" label={t('feed_block_title_tw')} extra={t('feed_tw_help')}>
        <Input maxLength={FEED_TITLE_MAX} />
      </Form.Item>
      {uses.has('tags') && (
        <Form.Item name="tags" label={t('feed_tags')} extra={t('feed_tags_help')}>
          <Select mode="tags" aria-label={t('feed_tags')} maxCount={FEED_BLOCK_TAGS_MAX} open={false} />
        </Form.Item>
      )}
      {uses.has('videos') && picker('video', 'videoIds', t('feed_videos'), FEED_BLOCK_VIDEOS_MAX)}
      {uses.has('actors') && picker('actor', 'actorIds', t('feed_actors'), FEED_BLOCK_ACTORS_MAX)}
      {uses.has('studios') && picker('studio', 'studioIds', t('feed_studios'), FEED_BLOCK_STUDIOS_MAX)}
      {uses.has('categories') &&
        picker('category', 'categoryIds', t('feed_categories'), FEED_BLOCK_CATEGORIES_MAX)}
      {(layout === 3 || layout === 4) && (
        <Form.Item name="limit" label={t('feed_limit')}>
          <InputNumber min={1} max={FEED_BLOCK_VIDEOS_MAX} />
        </Form.Item>
      )}
      {layout === 5 && (
        <Form.Item name="videosPerActor" label={t('feed_videos_per_actor')}>
          <InputNumber min={1} max={24} />
        </Form.Item>
      )}
    </EditDialog>
  );
}
