import type { cnFirst } from './cn-first.ts';

/** Traditional-Chinese catalogue (locale `tw`), first part: the same keys as `cn-first.ts`. */
export const twFirst: Record<keyof typeof cnFirst, string> = {
  // ── Generic buttons and words ─────────────────────────────────────────────
  confirm: '確定',
  cancel: '取消',
  retry: '重試',
  ok: '好的',
  go_bind: '前往綁定',
  share: '分享',
  done: '完成',
  all: '全部',
  delete: '刪除',
  success: '操作成功',
  ad: '廣告',
  vip: 'VIP',

  // ── Time units and counts ─────────────────────────────────────────────────
  video_count: '{{count}} 部影片',

  // ── Navigation: bottom tabs ───────────────────────────────────────────────
  tab_bar: '主選單',
  tab_long: '長影片',
  tab_short: '短影片',
  tab_original: '原創',
  tab_find: '發現',
  tab_collect: '收藏',
  tab_member: '我的',

  // ── Navigation: page titles (route_<name>) ────────────────────────────────
  route_long: '長影片',
  route_short: '短影片',
  route_original: '原創',
  route_actor: '演員主頁',
  route_studio: '片商',
  route_lFilter: '長影片片單',
  route_sFilter: '短影片片單',
  route_oFilter: '原創片單',
  route_category: '全部分類',
  route_longCategory: '長影片分類',
  route_shortCategory: '短影片分類',
  route_categoryList: '分類影片',
  route_categoryListMore: '更多影片',
  route_lSearch: '搜尋長影片',
  route_sSearch: '搜尋短影片',
  route_oSearch: '搜尋原創',
  route_searchList: '搜尋結果',
  route_classicList: '經典回顧',
  route_find: '發現',
  route_follower: '用戶主頁',
  route_collect: '我的收藏',
  route_member: '我的',
  route_setting: '設定',
  route_signin: '登入',
  route_signup: '綁定帳號',
  route_forget: '找回密碼',
  route_forgetVerify: '驗證身分',
  route_reset: '重設密碼',
  route_confirm: '帳號驗證',
  route_changebind: '變更綁定',
  route_change: '變更密碼',
  route_product: '我的訂單',
  route_share: '邀請好友',
  route_friend: '輸入邀請碼',
  route_vip: '點數兌換',
  route_policy: '使用者條款與隱私權政策',
  route_payment: '開通VIP',
  route_paymentOld: '開通VIP',
  route_paymentSale: '限時優惠',
  route_appeal: '付款申訴',
  route_activity: '兌換碼',
  route_ticketDiscount: '我的優惠券',
  route_lPlay: '正在播放',
  route_sPlay: '正在播放',

  // ── Server status keys (status.message) ───────────────────────────────────
  created: '送出成功',
  invalid_input: '輸入的資料有誤，請檢查後再試',
  conflict: '此資料已被使用或不符合條件，請檢查後再試',
  refused: '目前暫時無法進行此操作，請稍後再試',
  not_found: '找不到相關內容',
  code_wrong: '驗證碼錯誤，請重新輸入',
  send_too_frequent: '傳送過於頻繁，請稍後再試',
  location_error: '您所在的地區暫不支援使用本服務',
  token_missing: '登入資訊已失效，請重新登入',
  session_expired: '登入已逾時，請重新登入',
  logged_other_device: '您的帳號已在其他裝置登入，此裝置已登出',
  server_error: '伺服器忙碌中，請稍後再試',
  provider_error: '第三方服務處理失敗，請稍後再試',
  provider_unavailable: '第三方服務暫時無法使用，請稍後再試',
  launch_code_unknown: '啟動碼無效，請從官方入口重新進入',
  launch_code_invalid: '啟動碼格式有誤，請從官方入口重新進入',
  exchange_option_unknown: '此兌換選項不存在，請重新整理後再試',
  points_not_enough: '點數不足，無法兌換',
  points_source_abnormal: '點數來源異常，禁止兌換',
  activity_code_invalid: '兌換碼無效，請檢查後重新輸入',
  code_used: '此兌換碼您已使用過',
  code_used_up: '此兌換碼已被領完',
  appeal_mail_invalid: '請輸入正確的聯絡信箱',
  appeal_image_type: '請上傳JPG、PNG或WebP格式的圖片',
  view_not_counted: '今日觀看次數已用完，開通VIP即可無限觀看',
  stream_url_invalid: '播放網址無效，請重新整理後再試',
  stream_url_expired: '播放網址已過期，請重新整理後再試',
  launch_code_missing: '缺少啟動碼，請從官方入口重新進入',
  vip_only: '此功能為VIP會員專屬',
  video_not_found: '影片不存在或已下架',
  profile_signing_failed: '描述檔產生失敗，請稍後再試',

  // ── Error dialog keys named by the spec ───────────────────────────────────
  error_title: '發生錯誤',
  error_content: '輸入格式有誤，請檢查後重新輸入',
  error_content2: '兩次輸入的密碼不一致',
  error_content4: '驗證碼已過期，請重新取得',
  error_content5: '密碼錯誤，請重新輸入',
  error_content6: '今日驗證碼傳送次數已達上限，請明天再試',
  error_content7: '驗證碼錯誤或已失效，請重新取得',
  error_content8: '請輸入原密碼（至少 6 碼）',
  share_code_error: '此邀請碼已被使用，或無法填寫自己的邀請碼',
  share_code_error1: '點數來源異常，暫時無法使用邀請碼',
  refresh_fail: '重新整理失敗，請稍後再試',

  // ── Session and service ───────────────────────────────────────────────────
  relogin_title: '登入狀態已失效',
  account_banned_title: '帳號已被停用',
  account_banned: '此帳號因違反使用條款已被停用，如有疑問請聯絡客服',
  relogin_content: '您的登入狀態已失效，請重新登入',
  relogin_confirm: '重新登入',
  relogin_done: '目前為一般會員身分，如需使用原帳號，請重新登入',
  new_version: '發現新版本，是否立即更新？',
  service_error: '服務暫時無法使用，請稍後再試',
  timeout_error: '線路測速逾時，已使用預設線路',
  all_error: '所有線路皆連線失敗，已使用預設線路',

  // ── Start-up error dialog (markers 0–3) ───────────────────────────────────
  startup_error_title: '載入失敗',
  startup_error_0: '應用程式資訊取得失敗，請檢查網路後再試',
  startup_error_1: '登入憑證取得失敗，請再試一次',
  startup_error_2: '資料載入失敗，請檢查網路後再試',
  startup_error_3: '使用者資訊取得失敗，請再試一次',

  // ── Guest and binding ─────────────────────────────────────────────────────
  bind_prompt_content: '此功能需要先綁定帳號，是否立即綁定？',

  // ── Announcement and promotion ────────────────────────────────────────────
  announcement_bar_close: '關閉公告，今日不再顯示',

  // ── Cover ad and ad pop-up ────────────────────────────────────────────────
  cover_skip: '略過 {{count}}s',

  // ── Loading and empty states ──────────────────────────────────────────────
  loading: '載入中…',

  // ── Home, categories, search, filters ─────────────────────────────────────
  home_recommend: '推薦',
  home_category: '分類',
  home_actor: '演員',
  home_publisher: '片商',
  home_categories: '熱門分類',
  home_interest: '選擇你感興趣的內容',
  home_shuffle: '換一批',
  home_actors: '人氣演員',
  home_studios: '熱門片商',
  home_more: '查看更多',
  home_all: '全部',
  search_placeholder: '搜尋想看的影片',

  // ── Accounts ──────────────────────────────────────────────────────────────
  // Sign-in, binding, forgotten password, change of binding and password, invite code: the
  // pages' own wording, the form-rule keys of the contract (account-rules) and the account
  // calls' status messages (contract: ACCOUNT_MESSAGE_KEYS) not already above.
  bind_channel_off: '此綁定方式暫未開放，請選擇其他方式',

  // ── Age confirmation (a first start shows it over the first screen) ─────────
  age_gate_title: '年齡確認',
  age_gate_content: '本應用程式包含僅限成人觀看的內容。進入前請確認你已年滿18歲。',
  age_gate_confirm: '我已滿18歲，進入',
  age_gate_leave: '未滿18歲，離開',
  age_gate_left_title: '無法進入',
  age_gate_left_content: '本應用程式僅供年滿 18 歲的使用者使用。你已選擇離開，內容不會顯示，可以關閉此頁面。',
};
