import { CUPS, VIDEO_TYPES, type VideoType } from '@app/contract';
import {
  ActorInputSchema,
  CategoryInputSchema,
  CreatorInputSchema,
  KeywordInputSchema,
  StudioInputSchema,
  type ConsoleActor,
  type ConsoleCategory,
  type ConsoleCreator,
  type ConsoleKeyword,
  type ConsoleStudio,
} from '@app/contract/console/catalogue';
import { Form, Input, InputNumber, Radio, Select, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form.ts';
import { useTab } from '../../app/use-list.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { CatalogueImage, CatalogueImageField } from './CatalogueImage.tsx';
import { EntityTab } from './EntityTab.tsx';
import './catalogue.css';

/** Traditional left empty is converted at save; sent only when the operator wrote one. */
const withTw = <F extends { nameTw?: string }>(values: F) => ({
  ...values,
  nameTw: values.nameTw?.trim() || undefined,
});

function NameFields({ shape }: { shape: { name: z.ZodType; nameTw: z.ZodType } }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t('catalogue_name')} rules={[schemaRule(shape.name)]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="nameTw"
        label={t('catalogue_name_tw')}
        extra={t('catalogue_tw_auto')}
        rules={[schemaRule(shape.nameTw)]}
      >
        <Input maxLength={60} />
      </Form.Item>
    </>
  );
}

function TypeField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="type" label={t('catalogue_type')}>
      <Radio.Group
        optionType="button"
        options={VIDEO_TYPES.map((value) => ({ value, label: t(`catalogue_type_${value}`) }))}
      />
    </Form.Item>
  );
}

function SortField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="sort" label={t('catalogue_sort')} extra={t('catalogue_sort_help')}>
      <InputNumber min={0} max={9999} precision={0} />
    </Form.Item>
  );
}

/** A stored name in the console's script, the other script's beside it when the two differ. */
function BothScripts({ simplified, traditional }: { simplified: string; traditional: string }) {
  const inScript = useInScript();
  const first = inScript(simplified, traditional);
  const second = first === simplified ? traditional : simplified;
  return (
    <>
      {first}
      {second && second !== first && <span className="catalogue-help"> · {second}</span>}
    </>
  );
}

function nameColumns<T extends { id: number; name: string; nameTw: string }>(
  t: (key: 'catalogue_id' | 'catalogue_name') => string,
): ColumnsType<T> {
  return [
    { title: t('catalogue_id'), dataIndex: 'id', key: 'id', width: 80, sorter: true },
    {
      title: t('catalogue_name'),
      key: 'name',
      sorter: true,
      render: (_value, item) => <BothScripts simplified={item.name} traditional={item.nameTw} />,
    },
  ];
}

type Named = { id: number; name: string; nameTw: string };

/** The picture column of an entity list: a tile, or a round avatar. */
function pictureColumn<T extends Named>(
  label: string,
  pathOf: (item: T) => string,
  inScript: (simplified: string, traditional: string) => string,
  round = false,
): ColumnsType<T>[number] {
  return {
    title: label,
    key: 'image',
    render: (_value, item) => (
      <CatalogueImage
        path={pathOf(item)}
        width={round ? 48 : 80}
        height={48}
        round={round}
        alt={inScript(item.name, item.nameTw)}
      />
    ),
  };
}

/** How many videos name the entity (sortable where the list allows it). */
function videoCountColumn<T>(label: string, sorter = false): ColumnsType<T>[number] {
  return { title: label, dataIndex: 'videoCount', key: 'videos', sorter };
}

/** The home (long, short, original) an entity belongs to. */
function typeColumn<T>(
  t: (key: `catalogue_type_${VideoType}` | 'catalogue_type') => string,
): ColumnsType<T>[number] {
  return {
    title: t('catalogue_type'),
    dataIndex: 'type',
    key: 'type',
    render: (type: VideoType) => t(`catalogue_type_${type}`),
  };
}

function CategoriesTab() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const shape = CategoryInputSchema.shape;
  return (
    <EntityTab<ConsoleCategory, z.input<typeof CategoryInputSchema>>
      path="categories"
      newLabel="catalogue_new_category"
      typeFilter
      sort="sort"
      nameOf={(item) => inScript(item.name, item.nameTw)}
      columns={[
        pictureColumn<ConsoleCategory>(t('catalogue_image'), (item) => item.image, inScript),
        ...nameColumns<ConsoleCategory>(t),
        typeColumn<ConsoleCategory>(t),
        { title: t('catalogue_sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90 },
        videoCountColumn<ConsoleCategory>(t('catalogue_video_count'), true),
      ]}
      emptyForm={{ name: '', nameTw: '', type: 'long', image: '', sort: 0 }}
      toForm={(item) => ({
        name: item.name,
        nameTw: item.nameTw,
        type: item.type,
        image: item.image,
        sort: item.sort,
      })}
      toBody={withTw}
      fields={
        <>
          <NameFields shape={shape} />
          <TypeField />
          <Form.Item name="image" label={t('catalogue_image')} rules={[schemaRule(shape.image)]}>
            <CatalogueImageField kind="tile" label={t('catalogue_image')} />
          </Form.Item>
          <SortField />
        </>
      }
    />
  );
}

function ActorsTab() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const shape = ActorInputSchema.shape;
  return (
    <EntityTab<ConsoleActor, z.input<typeof ActorInputSchema>>
      path="actors"
      order="desc"
      newLabel="catalogue_new_actor"
      typeFilter
      nameOf={(item) => inScript(item.name, item.nameTw)}
      columns={[
        pictureColumn<ConsoleActor>(t('catalogue_avatar'), (item) => item.image, inScript, true),
        ...nameColumns<ConsoleActor>(t),
        { title: t('catalogue_cup'), dataIndex: 'cup', key: 'cup', width: 80 },
        {
          title: t('catalogue_original'),
          dataIndex: 'original',
          key: 'original',
          render: (original: number) => t(original === 1 ? 'catalogue_original_1' : 'catalogue_original_0'),
        },
        videoCountColumn<ConsoleActor>(t('catalogue_video_count'), true),
      ]}
      emptyForm={{ name: '', nameTw: '', image: '', cup: 'C', original: 0 }}
      toForm={(item) => ({
        name: item.name,
        nameTw: item.nameTw,
        image: item.image,
        cup: item.cup as (typeof CUPS)[number],
        original: item.original as 0 | 1,
      })}
      toBody={withTw}
      fields={
        <>
          <NameFields shape={shape} />
          <Form.Item name="image" label={t('catalogue_avatar')} rules={[schemaRule(shape.image)]}>
            <CatalogueImageField kind="avatar" label={t('catalogue_avatar')} />
          </Form.Item>
          <Form.Item name="cup" label={t('catalogue_cup')}>
            <Select options={CUPS.map((value) => ({ value, label: value }))} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="original" label={t('catalogue_original')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('catalogue_original_0') },
                { value: 1, label: t('catalogue_original_1') },
              ]}
            />
          </Form.Item>
        </>
      }
    />
  );
}

function StudiosTab() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const shape = StudioInputSchema.shape;
  return (
    <EntityTab<ConsoleStudio, z.input<typeof StudioInputSchema>>
      path="studios"
      order="desc"
      newLabel="catalogue_new_studio"
      typeFilter={false}
      nameOf={(item) => inScript(item.name, item.nameTw)}
      columns={[
        pictureColumn<ConsoleStudio>(t('catalogue_image'), (item) => item.image, inScript),
        ...nameColumns<ConsoleStudio>(t),
        videoCountColumn<ConsoleStudio>(t('catalogue_video_count')),
      ]}
      emptyForm={{ name: '', nameTw: '', image: '' }}
      toForm={(item) => ({ name: item.name, nameTw: item.nameTw, image: item.image })}
      toBody={withTw}
      fields={
        <>
          <NameFields shape={shape} />
          <Form.Item name="image" label={t('catalogue_image')} rules={[schemaRule(shape.image)]}>
            <CatalogueImageField kind="tile" label={t('catalogue_image')} />
          </Form.Item>
        </>
      }
    />
  );
}

function CreatorsTab() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const shape = CreatorInputSchema.shape;
  return (
    <EntityTab<ConsoleCreator, z.input<typeof CreatorInputSchema>>
      path="creators"
      order="desc"
      newLabel="catalogue_new_creator"
      typeFilter={false}
      nameOf={(item) => inScript(item.name, item.nameTw)}
      columns={[
        pictureColumn<ConsoleCreator>(t('catalogue_avatar'), (item) => item.avatar, inScript, true),
        ...nameColumns<ConsoleCreator>(t),
        {
          title: t('catalogue_tags'),
          key: 'tags',
          render: (_value, item) => item.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
        },
        { title: t('catalogue_followers'), dataIndex: 'followers', key: 'followers', width: 90 },
        videoCountColumn<ConsoleCreator>(t('catalogue_video_count')),
      ]}
      emptyForm={{ name: '', nameTw: '', avatar: '', tags: [] }}
      toForm={(item) => ({ name: item.name, nameTw: item.nameTw, avatar: item.avatar, tags: item.tags })}
      toBody={withTw}
      fields={
        <>
          <NameFields shape={shape} />
          <Form.Item name="avatar" label={t('catalogue_avatar')} rules={[schemaRule(shape.avatar)]}>
            <CatalogueImageField kind="avatar" label={t('catalogue_avatar')} />
          </Form.Item>
          <Form.Item
            name="tags"
            label={t('catalogue_tags')}
            extra={t('catalogue_tags_help')}
            rules={[schemaRule(shape.tags)]}
          >
            <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
          </Form.Item>
        </>
      }
    />
  );
}

function KeywordsTab() {
  const { t } = useTranslation();
  const inScript = useInScript();
  const shape = KeywordInputSchema.shape;
  return (
    <EntityTab<ConsoleKeyword & { name?: never }, z.input<typeof KeywordInputSchema>>
      path="keywords"
      newLabel="catalogue_new_keyword"
      typeFilter
      sort="sort"
      nameOf={(item) => inScript(item.keyword, item.keywordTw)}
      columns={[
        { title: t('catalogue_id'), dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: t('catalogue_keyword'),
          key: 'name',
          sorter: true,
          render: (_value, item) => <BothScripts simplified={item.keyword} traditional={item.keywordTw} />,
        },
        typeColumn<ConsoleKeyword>(t),
        { title: t('catalogue_sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90 },
      ]}
      emptyForm={{ keyword: '', keywordTw: '', type: 'long', sort: 0 }}
      toForm={(item) => ({
        keyword: item.keyword,
        keywordTw: item.keywordTw,
        type: item.type,
        sort: item.sort,
      })}
      toBody={(values) => ({ ...values, keywordTw: values.keywordTw?.trim() || undefined })}
      fields={
        <>
          <Form.Item name="keyword" label={t('catalogue_keyword')} rules={[schemaRule(shape.keyword)]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="keywordTw"
            label={t('catalogue_keyword_tw')}
            extra={t('catalogue_tw_auto')}
            rules={[schemaRule(shape.keywordTw)]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <TypeField />
          <SortField />
        </>
      }
    />
  );
}

/** Categories, actors, studios, creators and the search page's top searches, one tab each. */
export function CataloguePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(['categories', 'actors', 'studios', 'creators', 'keywords']);
  return (
    <>
      <PageHeader title={t('catalogue_title')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'categories', label: t('catalogue_tab_categories'), children: <CategoriesTab /> },
          { key: 'actors', label: t('catalogue_tab_actors'), children: <ActorsTab /> },
          { key: 'studios', label: t('catalogue_tab_studios'), children: <StudiosTab /> },
          { key: 'creators', label: t('catalogue_tab_creators'), children: <CreatorsTab /> },
          { key: 'keywords', label: t('catalogue_tab_keywords'), children: <KeywordsTab /> },
        ]}
      />
    </>
  );
}
