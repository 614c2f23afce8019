import {
  AD_LINK_TYPES,
  AD_PLACEMENTS,
  AdImageSchema,
  AdInputSchema,
  FEED_IMAGE_FIELD,
  FEED_IMAGE_MAX_BYTES,
  FEED_TITLE_MAX,
  type AdInput,
  type AdLinkType,
  type AdPlacement,
  type ConsoleAd,
} from '@app/contract/console/feed';
import { Alert, Button, Empty, Form, Input, Segmented, Select, Space, Upload, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form.ts';
import { EditDialog } from '../../components/EditDialog.tsx';
import { OrderBar, RowButtons } from './FeedRowParts.tsx';
import { messageOf } from '../../app/i18n/index.ts';
import { ConsoleError } from '../../app/api.ts';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { useSettingsImage } from '../settings/settings-image.ts';
import { feedApi } from './feed-api.ts';
import { ordered, sameOrder, type FeedTabProps } from './FeedPage.tsx';
import { SortableList } from './SortableList.tsx';

function Thumb({ path, className }: { path: string | undefined; className: string }) {
  const { url } = useSettingsImage(path);
  return url ? <img className={className} src={url} alt="" /> : <div className={className} />;
}

interface AdForm {
  placement: AdPlacement;
  blockId?: number;
  title: string;
  titleTw: string;
  image: string;
  linkType: AdLinkType;
  url?: string;
}

/** Banners (the home's slider) and feed ads (inside a block): ordered by drag, edited in a dialog. */
export function AdsTab({ type, saved, draft, setDraft, reload }: FeedTabProps) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const [placement, setPlacement] = useState<AdPlacement>('poster');
  const [blockId, setBlockId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<ConsoleAd | 'new' | null>(null);
  const inList = (ad: ConsoleAd) =>
    ad.placement === placement && (placement !== 'feed' || ad.blockId === blockId);
  const shown = draft.ads.filter(inList);
  const changed = !sameOrder(shown, saved.ads.filter(inList));
  const blockName = (id: number) => {
    const block = saved.blocks.find((item) => item.id === id);
    return block
      ? inScript(block.title, block.titleTw) || t(`feed_layout_${block.layout}` as 'feed_layout_1')
      : `#${id}`;
  };

  const saveOrder = async () => {
    await feedApi.orderAds(
      type,
      placement,
      shown.map((ad) => ad.id),
      placement === 'feed' ? blockId : undefined,
    );
    await reload();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Segmented
          value={placement}
          onChange={(value) => setPlacement(value as AdPlacement)}
          options={AD_PLACEMENTS.map((value) => ({ value, label: t(`feed_placement_${value}`) }))}
        />
        {placement === 'feed' && (
          <Select
            style={{ minWidth: 220 }}
            aria-label={t('feed_ad_block')}
            placeholder={t('feed_ad_block')}
            value={blockId}
            onChange={setBlockId}
            options={saved.blocks.map((block) => ({ value: block.id, label: blockName(block.id) }))}
          />
        )}
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('feed_add_ad')}
        </Button>
      </Space>
      <Alert type="info" message={t(`feed_placement_help_${placement}`)} />
      <OrderBar
        changed={changed}
        undo={() => setDraft((current) => ({ ...current, ads: saved.ads }))}
        save={saveOrder}
      />
      {shown.length === 0 ? (
        <Empty description={t('feed_ads_empty')} />
      ) : (
        <SortableList
          items={shown}
          nameOf={(ad) => inScript(ad.title, ad.titleTw)}
          onMove={(ids) =>
            setDraft((current) => {
              const others = current.ads.filter((ad) => !inList(ad));
              return { ...current, ads: [...others, ...ordered(current.ads, ids)] };
            })
          }
          render={(ad) => (
            <>
              <Thumb path={ad.image} className="feed-row__thumb" />
              <div className="feed-row__text">
                {/* Ad text is shown as text, never as markup. */}
                <strong>{inScript(ad.title, ad.titleTw)}</strong>
                <div style={{ color: '#888', fontSize: 12 }}>
                  {t(`feed_link_${ad.link.type}`)}
                  {ad.link.type === 'url' ? ` · ${ad.link.url}` : ''}
                </div>
              </div>
              <RowButtons
                name={ad.title}
                onEdit={() => setEditing(ad)}
                onDelete={async () => {
                  await feedApi.deleteAd(ad.id);
                  await reload();
                }}
              />
            </>
          )}
        />
      )}
      {editing && (
        <AdEditor
          type={type}
          ad={editing === 'new' ? null : editing}
          placement={placement}
          blockId={blockId}
          blocks={saved.blocks.map((block) => ({ value: block.id, label: blockName(block.id) }))}
          onClose={async (changedAd) => {
            setEditing(null);
            if (changedAd) await reload();
          }}
        />
      )}
    </Space>
  );
}

function AdEditor({
  type,
  ad,
  placement,
  blockId,
  blocks,
  onClose,
}: {
  type: FeedTabProps['type'];
  ad: ConsoleAd | null;
  placement: AdPlacement;
  blockId: number | undefined;
  blocks: { value: number; label: string }[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdForm>();
  const [uploading, setUploading] = useState(false);
  const chosenPlacement = Form.useWatch('placement', form) ?? ad?.placement ?? placement;
  const linkType = Form.useWatch('linkType', form) ?? ad?.link.type ?? 'none';
  const image = Form.useWatch('image', form) as string | undefined;

  const upload = async (file: File) => {
    if (file.size > FEED_IMAGE_MAX_BYTES) {
      form.setFields([{ name: 'image', errors: [messageOf('settings_image_too_big')] }]);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append(FEED_IMAGE_FIELD, file);
      const stored = await feedApi.uploadImage(body);
      form.setFields([{ name: 'image', value: stored.path, errors: [], touched: true }]);
      void message.success(t('feed_ad_uploaded'));
    } catch (error) {
      const key = error instanceof ConsoleError ? (error.fields.image ?? error.error) : 'server_error';
      form.setFields([{ name: 'image', errors: [messageOf(key)] }]);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: AdForm) => {
    const input: AdInput = {
      section: type,
      placement: values.placement,
      ...(values.placement === 'feed' && values.blockId !== undefined && { blockId: values.blockId }),
      title: values.title,
      titleTw: values.titleTw ?? '',
      image: values.image,
      link:
        values.linkType === 'url'
          ? { type: 'url', url: values.url ?? '' }
          : { type: values.linkType as Exclude<AdLinkType, 'url'> },
    };
    if (ad) await feedApi.updateAd(ad.id, input);
    else await feedApi.createAd(input);
  };

  return (
    <EditDialog<AdForm>
      form={form}
      width={600}
      title={ad ? t('feed_edit_ad') : t('feed_add_ad')}
      onSave={submit}
      onClose={onClose}
      savedText={() => t('feed_saved')}
      fieldNames={{ 'link.url': 'url' }}
      initialValues={{
        placement: ad?.placement ?? placement,
        blockId: ad?.blockId ?? blockId,
        title: ad?.title ?? '',
        titleTw: ad?.titleTw ?? '',
        image: ad?.image ?? '',
        linkType: ad?.link.type ?? 'none',
        url: ad?.link.type === 'url' ? ad.link.url : '',
      }}
    >
      <Form.Item
        name="placement"
        label={t('feed_placement')}
        extra={t(`feed_placement_help_${chosenPlacement}`)}
      >
        <Select
          aria-label={t('feed_placement')}
          options={AD_PLACEMENTS.map((value) => ({ value, label: t(`feed_placement_${value}`) }))}
        />
      </Form.Item>
      {chosenPlacement === 'feed' && (
        <Form.Item
          name="blockId"
          label={t('feed_ad_block')}
          rules={[{ required: true, message: t('feed_required') }]}
        >
          <Select aria-label={t('feed_ad_block')} options={blocks} />
        </Form.Item>
      )}
      <Form.Item name="title" label={t('feed_ad_title')} rules={[schemaRule(AdInputSchema.shape.title)]}>
        <Input maxLength={FEED_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="titleTw" label={t('feed_ad_title_tw')} extra={t('feed_tw_help')}>
        <Input maxLength={FEED_TITLE_MAX} />
      </Form.Item>
      <Form.Item label={t('feed_ad_image')} extra={t('feed_ad_image_help')} required>
        <div className="feed-image">
          <Thumb path={image} className="feed-image__thumb" />
          <Space direction="vertical" style={{ flex: 1 }}>
            <Form.Item name="image" noStyle rules={[schemaRule(AdImageSchema)]}>
              <Input placeholder="/img/…" aria-label={t('feed_ad_image')} />
            </Form.Item>
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={uploading}>{t('feed_ad_upload')}</Button>
            </Upload>
          </Space>
        </div>
      </Form.Item>
      <Form.Item name="linkType" label={t('feed_link_type')}>
        <Select
          aria-label={t('feed_link_type')}
          options={AD_LINK_TYPES.map((value) => ({ value, label: t(`feed_link_${value}`) }))}
        />
      </Form.Item>
      {linkType === 'url' && (
        <Form.Item
          name="url"
          label={t('feed_link_address')}
          rules={[
            {
              validator: async (_rule, value) => {
                const result = AdInputSchema.shape.link.safeParse({ type: 'url', url: value ?? '' });
                if (!result.success) throw new Error(messageOf(result.error.issues[0]?.message ?? 'invalid'));
              },
            },
          ]}
        >
          <Input placeholder="https://" />
        </Form.Item>
      )}
    </EditDialog>
  );
}
