/** Business constants of spec 1 §9 and spec 2 §9, named once. */
export const COMPANY_NEVER_EXPIRES_ID = 1;
export const SUBSCRIPTION_WARNING_DAYS = 5;
export const TRIAL_DAYS = 3;
export const SIGNUP_DUE_DAYS = 7;
export const PLAN_CHANGE_LOCK_DAYS = 30;
export const INVOICE_LEAD_DAYS = 10;

export const SOCKET_PING_MS = 18_000;
export const USER_STATUS_PING_MS = 300_000;
/** A user whose last status ping is older than this is shown offline. */
export const USER_ONLINE_GRACE_MS = 360_000;
export const SOCKET_DUPLICATE_WINDOW_MS = 5_000;

export const SEARCH_DEBOUNCE_MS = 500;
export const FORM_SUBMIT_DELAY_MS = 400;
/** Spec 2 §2 / §9: a non-super user reaching the colours, logos, documents or certificate panels goes to / after 500 ms. */
export const SETTINGS_DENY_REDIRECT_MS = 500;
/** Spec 3 §6: a page refused to the user's company or role (announcements) redirects after 1 s. */
export const PAGE_DENY_REDIRECT_MS = 1000;
/** Spec 2 "Checkout wizard": after the payment event's CONCLUIDA, the renewal message, then / after 4 s. */
export const PAYMENT_RENEWED_REDIRECT_MS = 4_000;
export const CONTACT_SEARCH_MIN_CHARS = 3;
export const TICKET_WAIT_WARNING_MS = 5 * 60_000;

export const NOTIFICATION_SOUND_MS = 5_000;
export const VOLUME_DEFAULT = 1;
export const VOLUME_STEP = 0.1;
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;

/** Every file a customer or an agent sends, and every import: 20 MB (spec 1 §5, §9). */
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/**
 * Imports (contacts spreadsheets, chat lists, and every import to come): data rows per file, the
 * size a spreadsheet may unpack to, and the heap the reading thread may use. A file past a limit is
 * refused with its own code (ERR_IMPORT_TOO_MANY_ROWS, ERR_IMPORT_TOO_LARGE), never read to the end.
 */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const IMPORT_READER_HEAP_MB = 192;
export const IMAGE_COMPRESSION_QUALITY = 0.7;
export const MIN_AUDIO_BYTES = 10_000;
export const PRESENCE_PING_MS = 9_000;
export const COMPOSING_DELAY_MS = 1_500;
export const QUICK_REPLY_PREVIEW_CHARS = 35;
export const INPUT_MAX_ROWS = 5;
export const DRAWER_WIDTH = 320;
export const TOAST_AUTOCLOSE_MS = 5_000;
export const DRAWER_TEMPORARY_BELOW_PX = 600;
export const CONNECTION_BADGE_CHECK_MS = 2_000;

/** Characters of a ticket's `lastMessage` preview. */
export const LAST_MESSAGE_PREVIEW_CHARS = 255;

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const DEFAULT_MAIN_COLOR = '#007FAD';
export const DEFAULT_SCROLLBAR_COLOR = '#007FAD';
export const DEFAULT_TOOLBAR_COLOR = '#000000';

/** Access tokens are short; the refresh cookie carries the session. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 7 * 24 * 3600;
export const RESET_CODE_TTL_S = 30 * 60;
/** Login throttle: attempts per window, per e-mail and per source address. */
export const LOGIN_MAX_PER_EMAIL = 10;
export const LOGIN_MAX_PER_IP = 50;
export const LOGIN_WINDOW_S = 15 * 60;
/** Wrong second-factor codes a user may send in a window before they are locked out for the rest of it. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_WINDOW_S = 15 * 60;
/** How long the challenge a login answers with (second factor pending) lasts. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 5 * 60;
export const RECOVERY_CODES = 10;

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** How long a ticket resolved with a rating waits for the customer's answer; then the completion message goes. */
export const RATING_WAIT_MS = 10 * 60_000;
/** Ratings list page size (spec 3 §9). */
export const RATINGS_PAGE_SIZE = 20;
/** The time zone the dashboard's days are counted in (server aggregates and the screen's "today"). */
export const STATS_TIME_ZONE = 'America/Sao_Paulo';

/** Spec 3 §2: campaign-start toasts stay 10 seconds (the route shell's others 3). */
export const CAMPAIGN_TOAST_MS = 10_000;
