/**
 * Simplified-Chinese catalogue (locale `cn`), first part: the keys the first screen names (the
 * loading screen, the bottom menu, the home page, the cover ad, start-up's errors and the server's
 * status keys). The first render waits only for this part; `cn-more.ts` follows it (catalogue.ts).
 * `first-screen-keys.test.ts` checks that every key a first-screen module names is here.
 */
export const cnFirst = {
  // ── Generic buttons and words ─────────────────────────────────────────────
  confirm: '确定',
  cancel: '取消',
  retry: '重试',
  ok: '好的',
  go_bind: '去绑定',
  share: '分享',
  done: '完成',
  all: '全部',
  delete: '删除',
  success: '操作成功',
  ad: '广告',
  vip: 'VIP',

  // ── Time units and counts ─────────────────────────────────────────────────
  video_count: '{{count}}个视频',

  // ── Navigation: bottom tabs ───────────────────────────────────────────────
  tab_bar: '主菜单',
  tab_long: '长视频',
  tab_short: '短视频',
  tab_original: '原创',
  tab_find: '发现',
  tab_collect: '收藏',
  tab_member: '我的',

  // ── Navigation: page titles (route_<name>) ────────────────────────────────
  route_long: '长视频',
  route_short: '短视频',
  route_original: '原创',
  route_actor: '演员主页',
  route_studio: '片商',
  route_lFilter: '长视频片单',
  route_sFilter: '短视频片单',
  route_oFilter: '原创片单',
  route_category: '全部分类',
  route_longCategory: '长视频分类',
  route_shortCategory: '短视频分类',
  route_categoryList: '分类视频',
  route_categoryListMore: '更多视频',
  route_lSearch: '搜索长视频',
  route_sSearch: '搜索短视频',
  route_oSearch: '搜索原创',
  route_searchList: '搜索结果',
  route_classicList: '经典回顾',
  route_find: '发现',
  route_follower: '用户主页',
  route_collect: '我的收藏',
  route_member: '我的',
  route_setting: '设置',
  route_signin: '登录',
  route_signup: '绑定账号',
  route_forget: '找回密码',
  route_forgetVerify: '验证身份',
  route_reset: '重置密码',
  route_confirm: '账号验证',
  route_changebind: '更换绑定',
  route_change: '修改密码',
  route_product: '我的订单',
  route_share: '邀请好友',
  route_friend: '填写邀请码',
  route_vip: '积分兑换',
  route_policy: '用户协议与隐私政策',
  route_payment: '开通VIP',
  route_paymentOld: '开通VIP',
  route_paymentSale: '限时特惠',
  route_appeal: '支付申诉',
  route_activity: '兑换码',
  route_ticketDiscount: '我的优惠券',
  route_lPlay: '正在播放',
  route_sPlay: '正在播放',

  // ── Server status keys (status.message) ───────────────────────────────────
  created: '提交成功',
  invalid_input: '输入信息有误，请检查后重试',
  conflict: '该信息已被使用或条件不满足，请检查后重试',
  refused: '当前暂时无法进行此操作，请稍后再试',
  not_found: '未找到相关内容',
  code_wrong: '验证码错误，请重新输入',
  send_too_frequent: '发送过于频繁，请稍后再试',
  location_error: '您所在的地区暂不支持访问本服务',
  token_missing: '登录信息已失效，请重新登录',
  session_expired: '登录已过期，请重新登录',
  logged_other_device: '您的账号已在其他设备登录，当前设备已退出登录',
  server_error: '服务器开小差了，请稍后再试',
  provider_error: '第三方服务处理失败，请稍后再试',
  provider_unavailable: '第三方服务暂不可用，请稍后再试',
  launch_code_unknown: '启动码无效，请通过官方入口重新进入',
  launch_code_invalid: '启动码格式有误，请通过官方入口重新进入',
  exchange_option_unknown: '该兑换选项不存在，请刷新后重试',
  points_not_enough: '积分不足，无法兑换',
  points_source_abnormal: '积分来源异常，禁止兑换',
  activity_code_invalid: '兑换码无效，请检查后重新输入',
  code_used: '该兑换码您已使用过',
  code_used_up: '该兑换码已被领完',
  appeal_mail_invalid: '请输入正确的联系邮箱',
  appeal_image_type: '请上传JPG、PNG或WebP格式的图片',
  view_not_counted: '今日观看次数已用完，开通VIP即可无限观看',
  stream_url_invalid: '播放地址无效，请刷新后重试',
  stream_url_expired: '播放地址已过期，请刷新后重试',
  launch_code_missing: '缺少启动码，请通过官方入口重新进入',
  vip_only: '该功能为VIP会员专享',
  video_not_found: '视频不存在或已下架',
  profile_signing_failed: '描述文件生成失败，请稍后再试',

  // ── Error dialog keys named by the spec ───────────────────────────────────
  error_title: '出错了',
  error_content: '输入格式有误，请检查后重新输入',
  error_content2: '两次输入的密码不一致',
  error_content4: '验证码已过期，请重新获取',
  error_content5: '密码错误，请重新输入',
  error_content6: '今日验证码发送次数已达上限，请明天再试',
  error_content7: '验证码错误或已失效，请重新获取',
  error_content8: '请输入原密码（至少6位）',
  share_code_error: '该邀请码已被使用，或不能填写自己的邀请码',
  share_code_error1: '积分来源异常，暂时无法使用邀请码',
  refresh_fail: '刷新失败，请稍后再试',

  // ── Session and service ───────────────────────────────────────────────────
  relogin_title: '登录状态已失效',
  account_banned_title: '账号已被停用',
  account_banned: '此账号因违反使用条款已被停用，如有疑问请联系客服',
  relogin_content: '您的登录状态已失效，请重新登录',
  relogin_confirm: '重新登录',
  relogin_done: '当前为普通会员身份，如需使用原账号，请重新登录',
  new_version: '发现新版本，是否立即更新？',
  service_error: '服务暂时不可用，请稍后再试',
  timeout_error: '线路测速超时，已使用默认线路',
  all_error: '所有线路均连接失败，已使用默认线路',

  // ── Start-up error dialog (markers 0–3) ───────────────────────────────────
  startup_error_title: '加载失败',
  startup_error_0: '应用信息获取失败，请检查网络后重试',
  startup_error_1: '登录凭证获取失败，请重试',
  startup_error_2: '数据加载失败，请检查网络后重试',
  startup_error_3: '用户信息获取失败，请重试',

  // ── Guest and binding ─────────────────────────────────────────────────────
  bind_prompt_content: '该功能需要先绑定账号，是否立即绑定？',

  // ── Announcement and promotion ────────────────────────────────────────────
  announcement_bar_close: '关闭公告，今日不再显示',

  // ── Cover ad and ad pop-up ────────────────────────────────────────────────
  cover_skip: '跳过 {{count}}s',

  // ── Loading and empty states ──────────────────────────────────────────────
  loading: '加载中…',

  // ── Home, categories, search, filters ─────────────────────────────────────
  home_recommend: '推荐',
  home_category: '分类',
  home_actor: '演员',
  home_publisher: '片商',
  home_categories: '热门分类',
  home_interest: '选择你感兴趣的内容',
  home_shuffle: '换一批',
  home_actors: '人气演员',
  home_studios: '热门片商',
  home_more: '查看更多',
  home_all: '全部',
  search_placeholder: '搜索你想看的视频',

  // ── Accounts ──────────────────────────────────────────────────────────────
  // Sign-in, binding, forgotten password, change of binding and password, invite code: the
  // pages' own wording, the form-rule keys of the contract (account-rules) and the account
  // calls' status messages (contract: ACCOUNT_MESSAGE_KEYS) not already above.
  bind_channel_off: '该绑定方式暂未开放，请选择其他方式',

  // ── Age confirmation (a first start shows it over the first screen) ─────────
  age_gate_title: '年龄确认',
  age_gate_content: '本应用包含仅限成年人观看的内容。进入前请确认你已年满18周岁。',
  age_gate_confirm: '我已满18岁，进入',
  age_gate_leave: '未满18岁，离开',
  age_gate_left_title: '无法进入',
  age_gate_left_content: '本应用仅供年满18周岁的用户使用。你已选择离开，内容不会显示，可以关闭此页面。',
} as const;
