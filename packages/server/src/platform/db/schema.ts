import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely; they mirror migrations.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface Database {
  settings: { key: string; value: Json<unknown> };
  users: {
    id: Generated<number>;
    created_at: Timestamp;
    email: string | null;
    phone: string | null;
    password_hash: string | null;
    vip_expiry: Date | null;
    points: Generated<number>;
    invite_code: string;
    invited_by: number | null;
    promoter: Generated<boolean>;
    init: Generated<boolean>;
    source: string | null;
    install: string | null;
    bind_bonus_given: Generated<boolean>;
    paid_orders: Generated<number>;
    extra_views_day: string | null;
    extra_views: Generated<number>;
    invite_count: Generated<number>;
    views_day: string | null;
    views_used: Generated<number>;
    /** `cn` or `tw`: the language of the account's mail and SMS (migration 013). */
    locale: string | null;
    /** Set while an operator has banned the account (migration 020). */
    banned_at: Date | null;
    ban_reason: string | null;
  };
  sessions: {
    id: Generated<number>;
    token_hash: Buffer;
    user_id: number;
    platform: string;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    ended_at: Date | null;
    ended_reason: string | null;
    password_checked_at: Date | null;
  };
  launch_codes: {
    code_hash: Buffer;
    user_id: number | null;
    /** The session the code stands for; null until a jump-page code is first used. */
    session_id: number | null;
    created_at: Timestamp;
    last_used_at: Date | null;
    expires_at: Date;
  };
  creator_profiles: {
    user_id: number;
    name: string;
    name_tw: string | null;
    avatar: string;
    followers: Generated<number>;
    tags: Generated<string[]>;
  };
  media_assets: { id: string; duration_s: number; width: number; height: number; created_at: Timestamp };
  media_keys: { asset_id: string; rendition: string; key: Buffer; iv: Buffer };
  studios: { id: Generated<number>; name: string; name_tw: string | null; image: string };
  categories: {
    id: Generated<number>;
    type: string;
    name: string;
    name_tw: string | null;
    image: string;
    sort: Generated<number>;
    /** Kept by triggers on video_categories (migration 023). */
    video_count: Generated<number>;
  };
  actors: {
    id: Generated<number>;
    name: string;
    name_tw: string | null;
    image: string;
    cup: string;
    original: Generated<number>;
    views: Generated<number>;
    /** Kept by triggers on video_actors (migration 010). */
    video_count: Generated<number>;
  };
  videos: {
    id: Generated<number>;
    avkey: string;
    type: string;
    title: string;
    title_cn: string;
    /** title_cn in Traditional (Taiwan wording), written with it (migration 013). */
    title_tw: string | null;
    cover: string;
    thumb: string;
    duration_s: number;
    views: Generated<number>;
    likes: Generated<number>;
    upload_date: Timestamp;
    studio_id: number | null;
    creator_id: number | null;
    number: string;
    location: string;
    cover_type: string;
    main_tag: string;
    second_tag: string | null;
    tags: Generated<string[]>;
    asset_id: string;
    /** Set when an operator took the video out of the catalogue (migration 020). */
    unpublished_at: Date | null;
    /** search_words() of titles, tags and actor names, kept by triggers (migration 010). */
    search_text: Generated<string>;
  };
  video_categories: { video_id: number; category_id: number };
  video_actors: { video_id: number; actor_id: number };
  menus: {
    id: Generated<number>;
    type: string;
    name: string;
    name_tw: string | null;
    sort: Generated<number>;
    filter_params: Json<unknown>;
  };
  recommend_blocks: {
    id: Generated<number>;
    type: string;
    sort: number;
    layout: number;
    title: string;
    title_tw: string | null;
    content: Json<unknown>;
  };
  ads: {
    id: Generated<number>;
    section: string;
    placement: string;
    title: string;
    title_tw: string | null;
    image: string;
    link: string;
    sort: Generated<number>;
    block_id: number | null;
  };
  keywords: {
    id: Generated<number>;
    type: string;
    keyword: string;
    keyword_tw: string | null;
    sort: Generated<number>;
  };
  tag_names: { tag: string; tag_tw: string };
  payment_channels: {
    id: Generated<number>;
    pay_type: string;
    name: string;
    detail_name: string;
    name_tw: string | null;
    detail_name_tw: string | null;
    enabled: Generated<boolean>;
    /** The payment page's order (migration 019). */
    sort: Generated<number>;
  };
  plans: {
    id: Generated<number>;
    name: string;
    price_cents: number;
    original_price_cents: number;
    slogan: string;
    tag: string;
    name_tw: string | null;
    slogan_tw: string | null;
    tag_tw: string | null;
    tag_color: string;
    color: string;
    days: number;
    sort: Generated<number>;
    sale_level: string | null;
    cash_title: string;
    /** Migration 019: a disabled plan is neither shown nor sold; bonus days come on top of `days`. */
    enabled: Generated<boolean>;
    bonus_days: Generated<number>;
  };
  ticket_templates: {
    id: Generated<number>;
    name: string;
    price_cents: number;
    limit_price_cents: number;
    slogan: string;
    name_tw: string | null;
    slogan_tw: string | null;
    valid_days: number;
  };
  exchange_options: { id: Generated<number>; day: number; point: number };
  signin_rewards: {
    day: number;
    icon: string;
    amount: number;
    details: string;
    details_tw: string | null;
    ticket_template_id: number | null;
  };
  signins: { user_id: number; business_day: string; streak: number };
  activity_codes: {
    code: string;
    grant_kind: string;
    amount: number;
    use_limit: number;
    used_count: Generated<number>;
    created_at: Generated<Date>;
    /** Null: never lapses (seeded codes); console codes always have one (migration 020). */
    expires_at: Date | null;
    disabled_at: Date | null;
  };
  /** First plays not yet folded into videos.views (migration 060; unlogged). */
  video_view_buffer: { video_id: number };
  /** Redis batches of plays already folded (migration 060). */
  view_folds: { batch: string; folded_at: Timestamp };
  daily_views: { user_id: number; business_day: string; video_id: number; counted: Generated<boolean> };
  video_reports: {
    id: Generated<number>;
    user_id: number;
    video_id: number;
    business_day: string;
    report_type: number;
    report_content: Generated<string>;
    device_os: Generated<string>;
    img_host: Generated<string>;
    stream_host: Generated<string>;
    created_at: Timestamp;
    resolved_at: Date | null;
    resolved_by: number | null;
    resolution: 'resolved' | 'unpublished' | null;
  };
  user_tickets: {
    id: Generated<number>;
    user_id: number;
    template_id: number;
    granted_at: Generated<Date>;
    expires_at: Date;
    spent_at: Date | null;
    spent_order_id: number | null;
    grant_key: string;
  };
  activity_code_uses: { code: string; user_id: number; used_at: Timestamp };
  appeals: {
    id: Generated<number>;
    user_id: number;
    email: string;
    image_file: string;
    image_type: string;
    image_bytes: number;
    vip_granted: Generated<boolean>;
    created_at: Timestamp;
    decision: 'approved' | 'rejected' | null;
    decided_at: Date | null;
    decided_by: number | null;
    approved_days: number | null;
    reject_reason: string | null;
  };
  orders: {
    id: Generated<number>;
    out_trade_no: string;
    user_id: number;
    plan_id: number;
    channel_id: number;
    pay_type: string;
    method: string;
    name: string;
    method_tw: string | null;
    name_tw: string | null;
    ticket_id: number | null;
    price_cents: number;
    discount_cents: number;
    amount_cents: number;
    days: number;
    bonus_days: number;
    sale_level: string | null;
    source: string | null;
    video_id: string | null;
    status: Generated<'pending' | 'paid' | 'failed' | 'refunded'>;
    created_at: Date;
    paid_at: Date | null;
    gateway_trade_no: string | null;
    vip_until: Date | null;
    /** Migration 019: set once, by the console's refund. */
    refunded_at: Date | null;
    refund_reason: string | null;
    refunded_by: number | null;
  };
  payment_notifications: {
    id: Generated<number>;
    order_id: number;
    received_at: Generated<Date>;
    params: Json<Record<string, string>>;
    answer_status: number;
    answer: string;
    applied: boolean;
  };
  verify_codes: {
    purpose: string;
    address: string;
    code_hash: Buffer;
    sent_at: Date;
    expires_at: Date;
    tries: Generated<number>;
    used_at: Date | null;
    /** YYYY-MM-DD (business day in TZ_BUSINESS). */
    send_day: string;
    sends_that_day: Generated<number>;
  };
  outbox: {
    id: Generated<number>;
    channel: string;
    recipient: string;
    subject: string;
    body: string;
    created_at: Timestamp;
  };
  ledger: {
    id: Generated<number>;
    user_id: number;
    kind: string;
    points: Generated<number>;
    vip_days: Generated<number>;
    extra_views: Generated<number>;
    grant_key: string;
    created_at: Timestamp;
    /** Why an operator granted or removed it (migration 020). */
    reason: Generated<string | null>;
  };
  video_likes: { user_id: number; video_id: number; video_type: string; liked_at: Timestamp };
  actor_likes: { user_id: number; actor_id: number; liked_at: Timestamp };
  user_follows: { user_id: number; creator_id: number; followed_at: Timestamp };
  follower_imports: { user_id: number; creator_id: number; video_type: string; imported_at: Date };
  ad_clicks: { id: Generated<number>; url: string; user_id: number | null; clicked_at: Timestamp };
  sign_in_failures: { id: Generated<number>; subject: string; failed_at: Date };
  /** One row per account and business day it used the app (migration 017). */
  active_days: { business_day: string; user_id: number };
  /** A closed business day's dashboard counts (migration 017; features/console-dashboard). */
  dashboard_days: { time_zone: string; business_day: string; figures: Json<unknown> };
  analytics_events: {
    id: Generated<number>;
    event: string;
    detail: string | null;
    line: string | null;
    user_id: number | null;
    created_at: Timestamp;
    /** Reported with a token the server refused: not the line's failure (migration 041). */
    account_refused: Generated<boolean>;
  };
  operators: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    role: 'owner' | 'editor' | 'support' | 'finance';
    totp_secret: string | null;
    /** A secret being set up: it replaces totp_secret once a code from it is confirmed. */
    totp_pending_secret: string | null;
    totp_last_step: ColumnType<string | null, number | null, number | null>;
    disabled: Generated<boolean>;
    failed_sign_ins: Generated<number>;
    locked_until: Date | null;
    created_at: Timestamp;
    last_sign_in_at: Date | null;
  };
  operator_sessions: {
    id: Generated<number>;
    operator_id: number;
    token_hash: Buffer;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    expires_at: Date;
    ended_at: Date | null;
  };
  /** Console sign-in tries per subject, counted before judging (migration 035). */
  operator_sign_in_tries: {
    subject: string;
    tries: number;
    last_at: Date;
    wait_until: Date;
  };
  /** Addresses an operator signed in from (migration 035): the account-wide try limit spares them. */
  operator_known_addresses: {
    operator_id: number;
    address: string;
    last_at: Generated<Date>;
  };
  audit_log: {
    id: Generated<number>;
    at: Timestamp;
    operator_id: number | null;
    action: string;
    target: string;
    before: ColumnType<unknown, string | null, never>;
    after: ColumnType<unknown, string | null, never>;
    /** The request's client address (migration 040); null for the system and older entries. */
    client_address: string | null;
  };
  /** Uploads and transcode jobs of the console (migration 022). */
  transcode_jobs: {
    id: Generated<number>;
    upload_id: string | null;
    operator_id: number | null;
    source_file: string;
    keep_source: Generated<boolean>;
    file_name: string;
    size_bytes: number;
    title: string;
    type: 'long' | 'short' | 'original';
    asset_id: string;
    state: 'uploading' | 'queued' | 'running' | 'done' | 'failed';
    stage: string | null;
    percent: Generated<number>;
    eta_s: number | null;
    failure: string | null;
    failure_detail: string | null;
    attempts: Generated<number>;
    claim: string | null;
    lease_until: Date | null;
    video_id: number | null;
    covers: ColumnType<{ cover: string; thumb: string }[], string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
    finished_at: Date | null;
    /** x-request-id of the request that made the job (migration 070). */
    request_id: string | null;
    /** Places (host and DATA_DIR) whose workers could not read the source (migration 082). */
    source_misses: Generated<string[]>;
    /** When the first of them handed the job back; null while every worker read it. */
    source_missed_at: Date | null;
  };
}
