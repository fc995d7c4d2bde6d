/**
 * The error catalogue of spec 1 §8 and spec 2 §8, plus the platform's own codes: every code with
 * its HTTP status. Its texts — Portuguese (the default), English, Spanish and Turkish — are in
 * error-texts/ (typed by ErrorCode, so a code without a text does not compile): the SPA loads them
 * all (error-texts/index.ts); a server function loads only the language a request asks for, when
 * it asks (`errorTexts`), so none of them weighs on its bundle's start.
 */
export type Lang = 'pt' | 'en' | 'es' | 'tr';
export const LANGS: readonly Lang[] = ['pt', 'en', 'es', 'tr'];

type Entry = { status: number };

export const ERRORS = {
  // connections and channel
  ERR_NO_OTHER_WHATSAPP: { status: 400 },
  ERR_NO_DEF_WAPP_FOUND: { status: 404 },
  ERR_WAPP_NOT_INITIALIZED: { status: 409 },
  ERR_SANDBOX_QR_EXPIRED: { status: 409 },
  ERR_NO_WAPP_FOUND: { status: 404 },
  ERR_WAPP_CHECK_CONTACT: { status: 502 },
  ERR_WAPP_INVALID_CONTACT: { status: 400 },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502 },
  ERR_SENDING_WAPP_MSG: { status: 502 },
  ERR_DELETE_WAPP_MSG: { status: 502 },
  ERR_FETCH_WAPP_MSG: { status: 502 },
  // auth and session
  ERR_INVALID_CREDENTIALS: { status: 401 },
  ERR_SESSION_EXPIRED: { status: 403 },
  ERR_SESSION_ENDED: { status: 401 },
  ERR_UNAUTHENTICATED: { status: 401 },
  ERR_NO_PERMISSION: { status: 403 },
  ERR_PLAN_FEATURE_DISABLED: { status: 403 },
  ERR_USER_CREATION_DISABLED: { status: 403 },
  ERR_NO_USER_FOUND: { status: 404 },
  ERR_NO_SETTING_FOUND: { status: 404 },
  ERR_TOO_MANY_ATTEMPTS: { status: 429 },
  ERR_REFRESH_TOKEN_INVALID: { status: 401 },
  ERR_INVALID_2FA_CODE: { status: 400 },
  ERR_2FA_CHALLENGE_EXPIRED: { status: 401 },
  ERR_2FA_NOT_ENROLLING: { status: 409 },
  ERR_2FA_ALREADY_ENABLED: { status: 409 },
  ERR_2FA_NOT_ENABLED: { status: 409 },
  ERR_2FA_REQUIRED: { status: 403 },
  ERR_INVALID_RESET_CODE: { status: 400 },
  // tickets and messages
  ERR_OTHER_OPEN_TICKET: { status: 409 },
  ERR_NO_TICKET_FOUND: { status: 404 },
  ERR_CREATING_TICKET: { status: 500 },
  ERR_CREATING_MESSAGE: { status: 500 },
  ERR_TICKET_NO_WHATSAPP: { status: 400 },
  ERR_OUT_OF_HOURS: { status: 400 },
  ERR_RATING_REQUIRED: { status: 400 },
  // contacts
  ERR_DUPLICATED_CONTACT: { status: 409 },
  ERR_NO_CONTACT_FOUND: { status: 404 },
  ERR_DUPLICATED_CONTACT_NINTH: { status: 409 },
  ERR_NUMBER_IS_NOT_VERIFIED: { status: 400 },
  ERR_CANNOT_EDIT_GROUPS: { status: 400 },
  // queues
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409 },
  ERR_QUEUE_INVALID_COLOR: { status: 400 },
  ERR_WAPP_GREETING_REQUIRED: { status: 400 },
  // further codes
  ERR_DUPLICATED_EMAIL: { status: 409 },
  ERR_DIFFERENT_PASSWORDS: { status: 400 },
  ERR_RECOVERY_EXPIRED: { status: 400 },
  ERR_NO_EMAIL_FOUND: { status: 404 },
  ERR_MAX_WHATS_REACHED: { status: 403 },
  ERR_MAX_WHATS_EXCEEDED: { status: 403 },
  ERR_MAX_USERS_REACHED: { status: 403 },
  ERR_MAX_QUEUES_REACHED: { status: 403 },
  ERR_CANT_IMPORT_MSGS: { status: 400 },
  ERR_NOT_WHATSAPPS_ONLINE: { status: 409 },
  ERR_ACCOUNT_DISABLED: { status: 403 },
  ERR_TAG_INVALID_NAME: { status: 400 },
  ERR_TAG_ALREADY_EXISTS: { status: 409 },
  ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS: { status: 409 },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402 },
  ERR_PLAN_CHANGED_RECENTLY: { status: 409 },
  ERR_CEP_NOT_FOUND: { status: 404 },
  ERR_LAST_ADMIN: { status: 409 },
  ERR_CREATING_COMPANY: { status: 500 },
  ERR_INVALID_RECAPTCHA: { status: 400 },
  ERR_NO_PLAN_FOUND: { status: 404 },
  ERR_NO_COMPANY_FOUND: { status: 404 },
  // companies and plans (issue 20)
  ERR_PLAN_IN_USE: { status: 409 },
  ERR_PLATFORM_COMPANY: { status: 409 },
  ERR_INVALID_DOCUMENT: { status: 400 },
  ERR_COMPANY_BEING_DELETED: { status: 409 },
  ERR_FLOW_BUILDER_TOP_TIER: { status: 400 },
  // the HTTP layer
  ERR_VALIDATION: { status: 400 },
  ERR_BAD_JSON: { status: 400 },
  ERR_PAYLOAD_TOO_LARGE: { status: 413 },
  ERR_NOT_FOUND: { status: 404 },
  ERR_METHOD_NOT_ALLOWED: { status: 405 },
  ERR_CONFLICT: { status: 409 },
  ERR_INTERNAL: { status: 500 },
  ERR_SERVICE_UNAVAILABLE: { status: 503 },
  // tickets (issue 4)
  ERR_TICKET_ALREADY_ACCEPTED: { status: 409 },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404 },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404 },
  ERR_CONTACT_LIST_ITEM_DUPLICATED: { status: 409 },
  ERR_NO_CAMPAIGN_FOUND: { status: 404 },
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 409 },
  ERR_CAMPAIGN_STATUS: { status: 409 },
  ERR_CAMPAIGN_NO_MESSAGE: { status: 400 },
  ERR_CAMPAIGN_NO_CONFIRMATION: { status: 400 },
  ERR_CAMPAIGN_TEMPLATE_REQUIRED: { status: 400 },
  ERR_CAMPAIGN_TEMPLATE_UNKNOWN: { status: 400 },
  ERR_CAMPAIGN_TEMPLATE_PARAMS: { status: 400 },
  ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE: { status: 502 },
  ERR_CAMPAIGN_NEEDS_TARGET: { status: 400 },
  ERR_CAMPAIGN_CHANNEL: { status: 400 },
  ERR_NO_FLOW_FOUND: { status: 404 },
  ERR_FLOW_INVALID: { status: 400 },
  ERR_FLOW_FILE_NOT_JSON: { status: 400 },
  ERR_FLOW_TOO_LARGE: { status: 413 },
  ERR_FLOW_VERSION_CONFLICT: { status: 409 },
  ERR_FLOW_FILE_TOO_LARGE: { status: 400 },
  ERR_FLOW_FILE_TYPE: { status: 400 },
  ERR_FLOW_FILE_NOT_FOUND: { status: 404 },
  ERR_NO_FLOW_TRIGGER_FOUND: { status: 404 },
  ERR_FLOW_HTTP_BLOCKED: { status: 400 },
  ERR_FLOW_HTTP_FAILED: { status: 502 },
  ERR_TICKET_NOT_IN_FLOW: { status: 409 },
  ERR_NO_TAG_FOUND: { status: 404 },
  ERR_TOO_MANY_TAGS: { status: 400 },
  ERR_TAG_KIND_IN_USE: { status: 409 },
  ERR_LANE_LEFT: { status: 409 },
  ERR_NO_LANE_FOUND: { status: 404 },
  ERR_TICKET_CLOSED_KANBAN: { status: 409 },
  ERR_GROUP_CREATE_UNSUPPORTED: { status: 422 },
  ERR_GROUP_CREATE_FAILED: { status: 502 },
  ERR_NO_GROUP_REQUEST_FOUND: { status: 404 },
  ERR_IMPORT_CHATS_FAILED: { status: 502 },
  // messages, media and quick replies (appended)
  ERR_UPLOAD_TYPE_NOT_ALLOWED: { status: 400 },
  ERR_MEDIA_TOO_LARGE: { status: 413 },
  ERR_UPLOAD_TYPE_MISMATCH: { status: 400 },
  ERR_NO_MEDIA_FOUND: { status: 400 },
  ERR_NO_MESSAGE_FOUND: { status: 404 },
  ERR_CHANNEL_CANNOT_EDIT: { status: 409 },
  ERR_MESSAGE_NOT_REACTABLE: { status: 409 },
  ERR_MESSAGE_NOT_EDITABLE: { status: 409 },
  ERR_TRANSCRIPTION_FAILED: { status: 502 },
  ERR_NO_QUICK_MESSAGE_FOUND: { status: 404 },
  // contacts: delete, import, notes
  ERR_CONTACT_HAS_OPEN_TICKETS: { status: 409 },
  ERR_IMPORT_FILE_FORMAT: { status: 400 },
  ERR_IMPORT_FILE_NOT_FOUND: { status: 404 },
  ERR_IMPORT_TOO_MANY_ROWS: { status: 400 },
  ERR_IMPORT_TOO_LARGE: { status: 413 },
  ERR_IMPORT_NO_NUMBER_COLUMN: { status: 400 },
  ERR_NO_IMPORT_FOUND: { status: 404 },
  ERR_NO_NOTE_FOUND: { status: 404 },
  // ratings
  ERR_NO_SCHEDULE_FOUND: { status: 404 },
  ERR_NO_RATING_FOUND: { status: 404 },
  ERR_TICKET_ALREADY_CLOSED: { status: 409 },
  // queues and chatbot options
  ERR_NO_QUEUE_FOUND: { status: 404 },
  ERR_NO_CHATBOT_FOUND: { status: 404 },
  // the Pix payment provider (Efí) and its .p12 certificate
  ERR_PAYMENT_PROVIDER: { status: 502 },
  ERR_PAYMENT_PROVIDER_AUTH: { status: 502 },
  ERR_PAYMENT_CERTIFICATE_REFUSED: { status: 502 },
  ERR_PAYMENT_CERTIFICATE_MISSING: { status: 409 },
  ERR_PAYMENT_NOT_CONFIGURED: { status: 503 },
  ERR_CERTIFICATE_INVALID: { status: 400 },
  ERR_CERTIFICATE_PASSWORD: { status: 400 },
  ERR_CERTIFICATE_EXPIRED: { status: 400 },
  // billing: invoices, the Pix checkout, the payment webhook (spec 2 "Invoices list", "Checkout wizard")
  ERR_NO_INVOICE_FOUND: { status: 404 },
  ERR_INVOICE_ALREADY_PAID: { status: 409 },
  // Spec 1 §5's checkout minimum (its Turkish text verbatim); spec 2 §9: custom counters never below 3.
  ERR_CUSTOM_PLAN_MINIMUM: { status: 400 },
  ERR_NO_CHARGE_FOUND: { status: 404 },
  ERR_SANDBOX_PROVIDER_ONLY: { status: 409 },
  ERR_WEBHOOK_UNAUTHORIZED: { status: 401 },
  // branding, helps, announcements, backup (issue 20, content)
  ERR_BRANDING_NOT_PNG: { status: 400 },
  ERR_BRANDING_WRONG_SIZE: { status: 400 },
  ERR_BRANDING_NOT_PDF: { status: 400 },
  ERR_BRANDING_TOO_LARGE: { status: 413 },
  ERR_NO_HELP_FOUND: { status: 404 },
  ERR_HELP_INVALID_VIDEO: { status: 400 },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404 },
  ERR_ANNOUNCEMENT_MEDIA_TYPE: { status: 400 },
  ERR_NO_BACKUP_FOUND: { status: 404 },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The texts of a language, loaded once when first asked for (Portuguese is ERRORS itself). */
export function errorTexts(lang: Lang): Promise<Record<ErrorCode, string>> {
  switch (lang) {
    case 'pt':
      return import('./error-texts/pt').then((m) => m.PT);
    case 'en':
      return import('./error-texts/en').then((m) => m.EN);
    case 'es':
      return import('./error-texts/es').then((m) => m.ES);
    case 'tr':
      return import('./error-texts/tr').then((m) => m.TR);
  }
}

/** A code's text in a language. */
export async function errorText(code: ErrorCode, lang: Lang = 'pt'): Promise<string> {
  return (await errorTexts(lang))[code];
}

/** The body of every error answer. `issues` only on ERR_VALIDATION. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** What the caller needs to act on the error (ERR_OTHER_OPEN_TICKET: the ticket in the way). */
  details?: Record<string, unknown>;
};
