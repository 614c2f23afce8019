import { MAIN_TAGS, SECOND_TAGS, VIDEO_TYPES, type VideoType } from '@app/contract';
import { VideoEditSchema, type ConsoleVideo, type VideoEdit } from '@app/contract/console/catalogue';
import { Alert, App, Button, Drawer, Flex, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { useCategories } from './catalogue-api.ts';
import { CatalogueImage } from './CatalogueImage.tsx';
import { EntitySelect } from './EntitySelect.tsx';

const FIELDS = VideoEditSchema.shape;

interface FormValues {
  titleCn: string;
  titleTw: string;
  title: string;
  type: VideoType;
  categoryIds: number[];
  actorIds: number[];
  studioId: number | null;
  creatorId: number | null;
  tags: string[];
  mainTag: (typeof MAIN_TAGS)[number];
  secondTag: (typeof SECOND_TAGS)[number] | null;
}

function formOf(video: ConsoleVideo): FormValues {
  return {
    titleCn: video.titleCn,
    titleTw: video.titleTw,
    title: video.title,
    type: video.type,
    categoryIds: video.categories.map((c) => c.id),
    actorIds: video.actors.map((a) => a.id),
    studioId: video.studio?.id ?? null,
    creatorId: video.creator?.id ?? null,
    tags: video.tags,
    mainTag: video.mainTag as FormValues['mainTag'],
    secondTag: video.secondTag as FormValues['secondTag'],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One video's catalogue fields. Only what changed is sent; the Traditional title is sent only when
 * the operator wrote it, otherwise the server converts it from the Chinese title.
 */
export function VideoEditDrawer({
  video,
  onClose,
  onSaved,
}: {
  video: ConsoleVideo | null;
  onClose: () => void;
  onSaved: (video: ConsoleVideo) => void;
}) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? video?.type;
  const categories = useCategories(type);

  useEffect(() => {
    if (video) {
      form.resetFields();
      form.setFieldsValue(formOf(video));
      setFormError(null);
    }
  }, [video, form]);

  const save = async (values: FormValues) => {
    if (!video) return;
    const before = formOf(video);
    const body: VideoEdit = {};
    for (const key of Object.keys(before) as (keyof FormValues)[]) {
      if (key === 'titleTw') continue;
      if (!same(values[key], before[key])) Object.assign(body, { [key]: values[key] ?? null });
    }
    const titleTw = values.titleTw?.trim();
    if (form.isFieldTouched('titleTw') && titleTw && titleTw !== video.titleTw) body.titleTw = titleTw;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const saved = await consoleApi.patch<ConsoleVideo>(`/catalogue/videos/${video.id}`, body);
      message.success(t('catalogue_saved'));
      onSaved(saved);
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={t('catalogue_edit_video')}
      open={video !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      {video && (
        <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
          <CatalogueImage path={video.cover} width={160} height={90} alt={t('catalogue_cover')} />
          <Flex vertical>
            <strong>{inScript(video.titleCn, video.titleTw) || video.title}</strong>
            <span className="catalogue-help">
              {video.avkey} · {video.number}
            </span>
          </Flex>
        </Flex>
      )}
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
        <Form.Item
          name="titleCn"
          label={t('catalogue_title_cn')}
          extra={t('catalogue_title_cn_help')}
          rules={[schemaRule(FIELDS.titleCn)]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="titleTw"
          label={t('catalogue_title_tw')}
          extra={t('catalogue_tw_auto')}
          rules={[schemaRule(FIELDS.titleTw)]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('catalogue_title_en')}
          extra={t('catalogue_title_en_help')}
          rules={[schemaRule(FIELDS.title)]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="type" label={t('catalogue_type')} style={{ flex: 1 }}>
            <Select
              options={VIDEO_TYPES.map((value) => ({ value, label: t(`catalogue_type_${value}`) }))}
              onChange={() => form.setFieldValue('categoryIds', [])}
            />
          </Form.Item>
          <Form.Item name="mainTag" label={t('catalogue_main_tag')} style={{ flex: 1 }}>
            <Select
              options={MAIN_TAGS.map((value) => ({ value, label: t(`catalogue_main_tag_${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="secondTag" label={t('catalogue_second_tag')} style={{ flex: 1 }}>
            <Select
              allowClear
              placeholder={t('catalogue_none')}
              options={SECOND_TAGS.map((value) => ({ value, label: t(`catalogue_second_tag_${value}`) }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="categoryIds" label={t('catalogue_categories')}>
          <Select mode="multiple" options={categories} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="actorIds" label={t('catalogue_actors')}>
          <EntitySelect
            path="actors"
            multiple
            known={video?.actors.map((a) => ({ value: a.id, label: inScript(a.name, a.nameTw) })) ?? []}
            placeholder={t('catalogue_pick_actors')}
            ariaLabel={t('catalogue_actors')}
          />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="studioId" label={t('catalogue_studio')} style={{ flex: 1 }}>
            <EntitySelect
              path="studios"
              known={
                video?.studio
                  ? [{ value: video.studio.id, label: inScript(video.studio.name, video.studio.nameTw) }]
                  : []
              }
              placeholder={t('catalogue_none')}
              ariaLabel={t('catalogue_studio')}
            />
          </Form.Item>
          <Form.Item name="creatorId" label={t('catalogue_creator')} style={{ flex: 1 }}>
            <EntitySelect
              path="creators"
              known={
                video?.creator
                  ? [{ value: video.creator.id, label: inScript(video.creator.name, video.creator.nameTw) }]
                  : []
              }
              placeholder={t('catalogue_pick_creator')}
              ariaLabel={t('catalogue_creator')}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="tags"
          label={t('catalogue_tags')}
          extra={t('catalogue_tags_help')}
          rules={[schemaRule(FIELDS.tags)]}
        >
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
