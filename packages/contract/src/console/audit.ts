import { z } from 'zod';
import type { Locale } from '../wire.ts';
import { ConsoleDateRangeSchema, consoleListReply, ConsoleListQuerySchema } from './list.ts';

/**
 * The audit log as an auditor reads it (issue 37 §7–9): every change an operator (or the system)
 * made, with the client address it came from, worded in both locales. The words live here, not in
 * one front-end's catalogue, because the CSV export is written by the server in the same words.
 */

/** Words of one key in the console's two locales (`cn` Simplified, `tw` Traditional, Taiwan usage). */
export interface Words {
  cn: string;
  tw: string;
}

/**
 * Every action the server records, with the verb phrase a sentence starts with (`退款订单` + the
 * target's label). A new action is added here first; the type check then asks for its words.
 */
export const AUDIT_ACTION_WORDS = {
  // operators (h36b records sign-in failures, TOTP failures and sign-outs)
  'operator.bootstrap': { cn: '初始化所有者', tw: '初始化擁有者' },
  'operator.sign_in': { cn: '登录', tw: '登入' },
  'operator.sign_in_failed': { cn: '登录失败', tw: '登入失敗' },
  'operator.totp_failed': { cn: '动态验证码错误', tw: '動態驗證碼錯誤' },
  'operator.password_check_failed': { cn: '当前密码验证失败', tw: '目前的密碼驗證失敗' },
  'operator.sign_out': { cn: '退出登录', tw: '登出' },
  'operator.create': { cn: '创建运营人员', tw: '建立營運人員' },
  'operator.update': { cn: '修改运营人员', tw: '修改營運人員' },
  'operator.role_change': { cn: '更改运营人员角色', tw: '變更營運人員角色' },
  'operator.reset_password': { cn: '重置密码', tw: '重設密碼' },
  'operator.reset_totp': { cn: '重置动态验证码', tw: '重設動態驗證碼' },
  'operator.change_password': { cn: '修改自己的密码', tw: '修改自己的密碼' },
  'operator.enable_totp': { cn: '启用动态验证码', tw: '啟用動態驗證碼' },
  'audit.export': { cn: '导出审计日志', tw: '匯出稽核紀錄' },
  // money
  'plan.create': { cn: '新建套餐', tw: '新增方案' },
  'plan.update': { cn: '修改套餐', tw: '修改方案' },
  'channel.create': { cn: '新建支付方式', tw: '新增付款方式' },
  'channel.update': { cn: '修改支付方式', tw: '修改付款方式' },
  'ticket_template.create': { cn: '新建优惠券模板', tw: '新增優惠券範本' },
  'ticket_template.update': { cn: '修改优惠券模板', tw: '修改優惠券範本' },
  'ticket.grant': { cn: '发放优惠券给', tw: '發放優惠券給' },
  'order.refund': { cn: '退款订单', tw: '退款訂單' },
  'revenue.export': { cn: '导出收入报表', tw: '匯出營收報表' },
  // rewards
  'activity_code.create': { cn: '新建活动码', tw: '新增活動碼' },
  'activity_code.disable': { cn: '停用活动码', tw: '停用活動碼' },
  'checkin_rewards.update': { cn: '修改签到奖励', tw: '修改簽到獎勵' },
  'exchange_options.update': { cn: '修改兑换项', tw: '修改兌換項目' },
  'invite_tiers.update': { cn: '修改邀请奖励', tw: '修改邀請獎勵' },
  // support
  'appeal.approve': { cn: '通过申诉', tw: '核准申訴' },
  'appeal.reject': { cn: '驳回申诉', tw: '駁回申訴' },
  'report.resolve': { cn: '处理举报', tw: '處理檢舉' },
  'user.vip_grant': { cn: '赠送 VIP 给', tw: '贈送 VIP 給' },
  'user.vip_remove': { cn: '扣除 VIP', tw: '扣除 VIP' },
  'user.points_grant': { cn: '赠送积分给', tw: '贈送點數給' },
  'user.points_remove': { cn: '扣除积分', tw: '扣除點數' },
  'user.end_sessions': { cn: '强制下线', tw: '強制登出' },
  'user.ban': { cn: '封禁用户', tw: '停權使用者' },
  'user.unban': { cn: '解封用户', tw: '解除停權使用者' },
  // settings
  'settings.app.update': { cn: '修改应用设置', tw: '修改應用程式設定' },
  'settings.lines.update': { cn: '修改线路', tw: '修改線路' },
  'settings.image.upload': { cn: '上传设置图片', tw: '上傳設定圖片' },
  // media
  'video.upload': { cn: '上传视频', tw: '上傳影片' },
  'transcode.retry': { cn: '重试转码', tw: '重試轉碼' },
  'transcode.remove': { cn: '删除转码任务', tw: '刪除轉碼任務' },
  'video.publish': { cn: '发布视频', tw: '發布影片' },
  'video.unpublish': { cn: '取消发布视频', tw: '取消發布影片' },
  'video.cover': { cn: '更换封面', tw: '更換封面' },
  'video.delete': { cn: '删除视频', tw: '刪除影片' },
  // catalogue
  'video.update': { cn: '编辑视频', tw: '編輯影片' },
  'video.add_tag': { cn: '批量添加标签', tw: '批次新增標籤' },
  'video.remove_tag': { cn: '批量移除标签', tw: '批次移除標籤' },
  'video.set_category': { cn: '批量设置分类', tw: '批次設定分類' },
  'catalogue.image.upload': { cn: '上传目录图片', tw: '上傳目錄圖片' },
  'category.create': { cn: '新建分类', tw: '新增分類' },
  'category.update': { cn: '修改分类', tw: '修改分類' },
  'category.delete': { cn: '删除分类', tw: '刪除分類' },
  'actor.create': { cn: '新建演员', tw: '新增演員' },
  'actor.update': { cn: '修改演员', tw: '修改演員' },
  'actor.delete': { cn: '删除演员', tw: '刪除演員' },
  'studio.create': { cn: '新建片商', tw: '新增片商' },
  'studio.update': { cn: '修改片商', tw: '修改片商' },
  'studio.delete': { cn: '删除片商', tw: '刪除片商' },
  'creator.create': { cn: '新建创作者', tw: '新增創作者' },
  'creator.update': { cn: '修改创作者', tw: '修改創作者' },
  'creator.delete': { cn: '删除创作者', tw: '刪除創作者' },
  'keyword.create': { cn: '新建热搜词', tw: '新增熱搜詞' },
  'keyword.update': { cn: '修改热搜词', tw: '修改熱搜詞' },
  'keyword.delete': { cn: '删除热搜词', tw: '刪除熱搜詞' },
  // home feed
  'menu.create': { cn: '新建菜单', tw: '新增選單' },
  'menu.update': { cn: '修改菜单', tw: '修改選單' },
  'menu.delete': { cn: '删除菜单', tw: '刪除選單' },
  'menu.order': { cn: '调整菜单顺序', tw: '調整選單順序' },
  'recommend_block.create': { cn: '新建推荐区块', tw: '新增推薦區塊' },
  'recommend_block.update': { cn: '修改推荐区块', tw: '修改推薦區塊' },
  'recommend_block.delete': { cn: '删除推荐区块', tw: '刪除推薦區塊' },
  'recommend_block.order': { cn: '调整推荐区块顺序', tw: '調整推薦區塊順序' },
  'ad.create': { cn: '新建广告', tw: '新增廣告' },
  'ad.update': { cn: '修改广告', tw: '修改廣告' },
  'ad.delete': { cn: '删除广告', tw: '刪除廣告' },
  'ad.order': { cn: '调整广告顺序', tw: '調整廣告順序' },
  'feed.image.upload': { cn: '上传首页图片', tw: '上傳首頁圖片' },
} as const satisfies Record<string, Words>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_WORDS) as [AuditAction, ...AuditAction[]];
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);

/**
 * Kinds of target (`<kind>:<id>` in the log), with their noun. `section` is what the console opens
 * for the target (the front-end maps it to its page; null: nothing to open, e.g. a removed job).
 */
export const AUDIT_TARGET_KINDS = {
  operator: { cn: '运营人员', tw: '營運人員' },
  order: { cn: '订单', tw: '訂單' },
  user: { cn: '用户', tw: '使用者' },
  video: { cn: '视频', tw: '影片' },
  videos: { cn: '多个视频', tw: '多部影片' },
  transcode_job: { cn: '转码任务', tw: '轉碼任務' },
  plan: { cn: '套餐', tw: '方案' },
  channel: { cn: '支付方式', tw: '付款方式' },
  ticket_template: { cn: '优惠券模板', tw: '優惠券範本' },
  activity_code: { cn: '活动码', tw: '活動碼' },
  appeal: { cn: '申诉', tw: '申訴' },
  report: { cn: '举报', tw: '檢舉' },
  category: { cn: '分类', tw: '分類' },
  actor: { cn: '演员', tw: '演員' },
  studio: { cn: '片商', tw: '片商' },
  creator: { cn: '创作者', tw: '創作者' },
  keyword: { cn: '热搜词', tw: '熱搜詞' },
  menu: { cn: '菜单', tw: '選單' },
  menus: { cn: '菜单顺序', tw: '選單順序' },
  recommend_block: { cn: '推荐区块', tw: '推薦區塊' },
  recommend_blocks: { cn: '推荐区块顺序', tw: '推薦區塊順序' },
  ad: { cn: '广告', tw: '廣告' },
  ads: { cn: '广告顺序', tw: '廣告順序' },
  image: { cn: '图片', tw: '圖片' },
  settings: { cn: '设置', tw: '設定' },
  app_info: { cn: '应用信息', tw: '應用程式資訊' },
  checkin_rewards: { cn: '签到奖励', tw: '簽到獎勵' },
  exchange_options: { cn: '兑换项', tw: '兌換項目' },
  audit: { cn: '审计日志', tw: '稽核紀錄' },
  revenue: { cn: '收入报表', tw: '營收報表' },
} as const satisfies Record<string, Words>;
export type AuditTargetKind = keyof typeof AUDIT_TARGET_KINDS;
export const AUDIT_TARGET_KIND_LIST = Object.keys(AUDIT_TARGET_KINDS) as [
  AuditTargetKind,
  ...AuditTargetKind[],
];

/**
 * Readable names of the fields audit entries record (top-level keys of `before`/`after`: the
 * API's field names, settings groups, and the few the server writes for itself). A field not here
 * is shown as recorded.
 */
export const AUDIT_FIELD_WORDS: Record<string, Words> = {
  id: { cn: '编号', tw: '編號' },
  name: { cn: '名称', tw: '名稱' },
  nameTw: { cn: '名称（繁体）', tw: '名稱（繁體）' },
  name_tw: { cn: '名称（繁体）', tw: '名稱（繁體）' },
  title: { cn: '标题', tw: '標題' },
  titleTw: { cn: '标题（繁体）', tw: '標題（繁體）' },
  titleCn: { cn: '标题（简体）', tw: '標題（簡體）' },
  type: { cn: '类型', tw: '類型' },
  kind: { cn: '种类', tw: '種類' },
  image: { cn: '图片', tw: '圖片' },
  avatar: { cn: '头像', tw: '頭像' },
  icon: { cn: '图标', tw: '圖示' },
  cover: { cn: '封面', tw: '封面' },
  thumb: { cn: '缩略图', tw: '縮圖' },
  published: { cn: '已发布', tw: '已發布' },
  state: { cn: '状态', tw: '狀態' },
  status: { cn: '状态', tw: '狀態' },
  reason: { cn: '原因', tw: '原因' },
  days: { cn: '天数', tw: '天數' },
  points: { cn: '积分', tw: '積分' },
  email: { cn: '邮箱', tw: '電子郵件' },
  phone: { cn: '手机号', tw: '手機號碼' },
  role: { cn: '角色', tw: '角色' },
  disabled: { cn: '已停用', tw: '已停用' },
  enabled: { cn: '已启用', tw: '已啟用' },
  totp: { cn: '两步验证', tw: '兩步驟驗證' },
  address: { cn: '来源地址', tw: '來源位址' },
  vipExpiry: { cn: 'VIP 到期时间', tw: 'VIP 到期時間' },
  vip_expiry: { cn: 'VIP 到期时间', tw: 'VIP 到期時間' },
  bannedAt: { cn: '封禁时间', tw: '停權時間' },
  banReason: { cn: '封禁原因', tw: '停權原因' },
  liveSessions: { cn: '在线会话数', tw: '線上工作階段數' },
  sessionsEnded: { cn: '结束的会话数', tw: '結束的工作階段數' },
  fileName: { cn: '文件名', tw: '檔案名稱' },
  sizeBytes: { cn: '文件大小（字节）', tw: '檔案大小（位元組）' },
  bytes: { cn: '大小（字节）', tw: '大小（位元組）' },
  stored: { cn: '存储后大小（字节）', tw: '儲存後大小（位元組）' },
  uploaded: { cn: '上传的文件', tw: '上傳的檔案' },
  path: { cn: '存储路径', tw: '儲存路徑' },
  failure: { cn: '失败原因', tw: '失敗原因' },
  failureDetail: { cn: '失败详情', tw: '失敗詳情' },
  code: { cn: '代码', tw: '代碼' },
  content: { cn: '内容', tw: '內容' },
  layout: { cn: '版式', tw: '版型' },
  ids: { cn: '编号', tw: '編號' },
  order: { cn: '顺序', tw: '順序' },
  sort: { cn: '排序', tw: '排序' },
  tags: { cn: '标签', tw: '標籤' },
  tagsTw: { cn: '标签（繁体）', tw: '標籤（繁體）' },
  tag: { cn: '标签', tw: '標籤' },
  tag_tw: { cn: '标签（繁体）', tw: '標籤（繁體）' },
  mainTag: { cn: '主标签', tw: '主標籤' },
  secondTag: { cn: '副标签', tw: '副標籤' },
  categories: { cn: '分类', tw: '分類' },
  categoryIds: { cn: '分类', tw: '分類' },
  actors: { cn: '演员', tw: '演員' },
  actorIds: { cn: '演员', tw: '演員' },
  studios: { cn: '片商', tw: '片商' },
  studioIds: { cn: '片商', tw: '片商' },
  series: { cn: '系列', tw: '系列' },
  section: { cn: '所属首页', tw: '所屬首頁' },
  placement: { cn: '位置', tw: '位置' },
  blockId: { cn: '推荐区块', tw: '推薦區塊' },
  link: { cn: '链接', tw: '連結' },
  linkValue: { cn: '链接地址', tw: '連結位址' },
  url: { cn: '网址', tw: '網址' },
  keyword: { cn: '关键词', tw: '關鍵字' },
  keywordTw: { cn: '关键词（繁体）', tw: '關鍵字（繁體）' },
  avkey: { cn: '番号', tw: '番號' },
  asset: { cn: '媒体文件', tw: '媒體檔案' },
  videoId: { cn: '视频', tw: '影片' },
  videoIds: { cn: '视频', tw: '影片' },
  userId: { cn: '用户', tw: '使用者' },
  user_id: { cn: '用户', tw: '使用者' },
  template_id: { cn: '优惠券模板', tw: '優惠券範本' },
  ticketTemplateId: { cn: '优惠券模板', tw: '優惠券範本' },
  tickets: { cn: '优惠券', tw: '優惠券' },
  vip_days_removed: { cn: '扣除的 VIP 天数', tw: '扣除的 VIP 天數' },
  price_cents: { cn: '价格（分）', tw: '價格（分）' },
  discount_cents: { cn: '优惠（分）', tw: '折扣（分）' },
  amount_cents: { cn: '金额（分）', tw: '金額（分）' },
  amountCents: { cn: '金额（分）', tw: '金額（分）' },
  valid_days: { cn: '有效天数', tw: '有效天數' },
  vipDays: { cn: 'VIP 天数', tw: 'VIP 天數' },
  bonusDays: { cn: '赠送天数', tw: '贈送天數' },
  bonus_days: { cn: '赠送天数', tw: '贈送天數' },
  saleBonusDays: { cn: '促销赠送天数', tw: '促銷贈送天數' },
  sale_level: { cn: '促销等级', tw: '促銷等級' },
  method: { cn: '支付方式', tw: '付款方式' },
  methodTw: { cn: '支付方式（繁体）', tw: '付款方式（繁體）' },
  method_tw: { cn: '支付方式（繁体）', tw: '付款方式（繁體）' },
  pay_type: { cn: '支付类型', tw: '付款類型' },
  gateway: { cn: '支付通道', tw: '付款通道' },
  automatic: { cn: '自动', tw: '自動' },
  useLimit: { cn: '可用次数', tw: '可用次數' },
  expiresAt: { cn: '到期时间', tw: '到期時間' },
  count: { cn: '数量', tw: '數量' },
  percent: { cn: '比例', tw: '比例' },
  rewards: { cn: '奖励', tw: '獎勵' },
  extraViews: { cn: '额外观看次数', tw: '額外觀看次數' },
  params: { cn: '参数', tw: '參數' },
  filters: { cn: '筛选项', tw: '篩選項目' },
  from: { cn: '开始', tw: '開始' },
  to: { cn: '结束', tw: '結束' },
  locale: { cn: '语言', tw: '語言' },
  rows: { cn: '行数', tw: '列數' },
  filter: { cn: '筛选条件', tw: '篩選條件' },
  entity: { cn: '对象', tw: '對象' },
  change: { cn: '变更', tw: '變更' },
  textsTw: { cn: '繁体文本', tw: '繁體文字' },
  pwa: { cn: '启动与公告', tw: '啟動與公告' },
  web: { cn: '网页与下载', tw: '網頁與下載' },
  home: { cn: '首页', tw: '首頁' },
  ad: { cn: '广告', tw: '廣告' },
  cash: { cn: '支付', tw: '付款' },
  jump: { cn: '跳转', tw: '跳轉' },
  share: { cn: '分享', tw: '分享' },
  allow: { cn: '允许访问', tw: '允許存取' },
  age_gate: { cn: '年龄确认', tw: '年齡確認' },
  announcement_level: { cn: '推广弹窗对象', tw: '推廣彈窗對象' },
  member_level: { cn: '会员推广', tw: '會員推廣' },
  member_level_page_n: { cn: '推广弹窗页数间隔', tw: '推廣彈窗頁數間隔' },
  member_level_collect_n: { cn: '推广弹窗收藏间隔', tw: '推廣彈窗收藏間隔' },
  forever_image: { cn: '永久地址图片', tw: '永久地址圖片' },
  forever_link: { cn: '永久地址', tw: '永久地址' },
  shop_icon: { cn: '商城图标', tw: '商城圖示' },
  support_mail: { cn: '客服邮箱', tw: '客服信箱' },
  follower_import_switch: { cn: '一键导入收藏', tw: '一鍵匯入收藏' },
  slogan_tw: { cn: '标语（繁体）', tw: '標語（繁體）' },
  lines: { cn: '线路', tw: '線路' },
  confirm_code: { cn: '验证码', tw: '驗證碼' },
  binding: { cn: '绑定', tw: '綁定' },
  novip: { cn: '非会员限制', tw: '非會員限制' },
  views: { cn: '观看次数', tw: '觀看次數' },
  app_url: { cn: 'App 网址', tw: 'App 網址' },
  sale_bonus_days: { cn: '促销赠送天数', tw: '促銷贈送天數' },
  tiers: { cn: '邀请档位', tw: '邀請級距' },
  action: { cn: '操作', tw: '操作' },
  target: { cn: '对象', tw: '對象' },
  operator: { cn: '运营人员', tw: '營運人員' },
};

/** One field that differs between `before` and `after` (top-level keys of the recorded objects). */
export const AuditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorEmail: z.string().nullable(),
  /** An AuditAction; an entry older than a renamed action may hold a key not in the list. */
  action: z.string(),
  /** The raw target, `<kind>:<id>` (`order:12`, `settings:app`). */
  target: z.string(),
  /** The kind part of `target` (an AuditTargetKind when known) and the rest. */
  targetKind: z.string(),
  targetId: z.string().nullable(),
  /**
   * What a person calls the target, looked up now: an order's number, a video's current title, a
   * user's e-mail or phone, an operator's e-mail, a plan's name. Null when it no longer exists or
   * has no name (then the front-end shows `#<targetId>`).
   */
  targetLabel: z.string().nullable(),
  /** The address the request came from (the proxy's forwarded client address); null for the system. */
  clientAddress: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Top-level fields whose value differs, in the order of `after` (then removed ones). */
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `action` may be sent as `a,b` or repeated (`action=a&action=b`): any of the known actions. */
const ActionList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).filter((item) => item !== ''),
  )
  .pipe(z.array(AuditActionSchema).max(AUDIT_ACTIONS.length));

export const AuditFilterSchema = z
  .object({
    operatorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    action: ActionList.optional(),
    /** `order:12` exactly, or a kind alone (`order`) for every target of that kind. */
    target: z
      .string()
      .trim()
      .max(128)
      .regex(/^[a-z_]+(:[^\s]{1,120})?$/, { message: 'audit_target_invalid' })
      .optional(),
  })
  .extend(ConsoleDateRangeSchema.shape);
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['at']).default('at'),
}).extend(AuditFilterSchema.shape);
export const AuditListSchema = consoleListReply(AuditEntrySchema);

/** The console's two locales, for what the server writes in words (CSV headers). */
export const ConsoleLocaleSchema = z.enum(['cn', 'tw']);

/** `GET /admin/api/audit/export.csv?<filters>&locale=cn|tw`: the filtered log, newest first. */
export const AuditExportQuerySchema = AuditFilterSchema.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  locale: ConsoleLocaleSchema.optional(),
});
/** The most rows one export holds; a wider one is refused (`audit_export_too_large`) — narrow the range. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const AUDIT_CSV_COLUMNS = [
  'at',
  'operator',
  'client_address',
  'action',
  'action_key',
  'target',
  'target_label',
  'before',
  'after',
] as const;
export const AUDIT_CSV_HEADERS: Record<(typeof AUDIT_CSV_COLUMNS)[number], Words> = {
  at: { cn: '时间', tw: '時間' },
  operator: { cn: '运营人员', tw: '營運人員' },
  client_address: { cn: '客户端地址', tw: '用戶端位址' },
  action: { cn: '操作', tw: '操作' },
  action_key: { cn: '操作代码', tw: '操作代碼' },
  target: { cn: '对象', tw: '對象' },
  target_label: { cn: '对象名称', tw: '對象名稱' },
  before: { cn: '修改前', tw: '修改前' },
  after: { cn: '修改后', tw: '修改後' },
};

/** The words of an action in a locale, or the key itself when the action is not known. */
export function auditActionWords(action: string, locale: Locale): string {
  const words = (AUDIT_ACTION_WORDS as Record<string, Words>)[action];
  return words ? words[locale] : action;
}
