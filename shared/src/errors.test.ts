import { describe, expect, it } from 'vitest';
import { ERRORS, errorText, LANGS } from './errors';
import { ERROR_TEXTS } from './error-texts/index';

describe('error catalogue', () => {
  it('has a text in every language and a 4xx/5xx status for every code', () => {
    for (const [code, e] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^ERR_[A-Z0-9_]+$/);
      expect(e.status).toBeGreaterThanOrEqual(400);
      for (const l of LANGS) expect(ERROR_TEXTS[l][code as keyof typeof ERRORS].length, `${code}.${l}`).toBeGreaterThan(3);
    }
    // Every language's table holds exactly the catalogue's codes.
    for (const l of LANGS) expect(Object.keys(ERROR_TEXTS[l]).sort(), l).toEqual(Object.keys(ERRORS).sort());
  });

  it('a server loads a language when asked, Portuguese at once', async () => {
    expect(await errorText('ERR_NO_TICKET_FOUND')).toBe(ERROR_TEXTS.pt.ERR_NO_TICKET_FOUND);
    expect(await errorText('ERR_NO_TICKET_FOUND', 'en')).toBe(ERROR_TEXTS.en.ERR_NO_TICKET_FOUND);
    expect(await errorText('ERR_NO_TICKET_FOUND', 'tr')).toBe(ERROR_TEXTS.tr.ERR_NO_TICKET_FOUND);
  });

  it('holds every code of spec 1 §8', () => {
    const spec = 'ERR_NO_OTHER_WHATSAPP ERR_NO_DEF_WAPP_FOUND ERR_WAPP_NOT_INITIALIZED ERR_NO_WAPP_FOUND ERR_WAPP_CHECK_CONTACT ERR_WAPP_INVALID_CONTACT ERR_WAPP_DOWNLOAD_MEDIA ERR_SENDING_WAPP_MSG ERR_DELETE_WAPP_MSG ERR_FETCH_WAPP_MSG ERR_INVALID_CREDENTIALS ERR_SESSION_EXPIRED ERR_NO_PERMISSION ERR_USER_CREATION_DISABLED ERR_NO_USER_FOUND ERR_NO_SETTING_FOUND ERR_OTHER_OPEN_TICKET ERR_NO_TICKET_FOUND ERR_CREATING_TICKET ERR_CREATING_MESSAGE ERR_TICKET_NO_WHATSAPP ERR_OUT_OF_HOURS ERR_DUPLICATED_CONTACT ERR_NO_CONTACT_FOUND ERR_DUPLICATED_CONTACT_NINTH ERR_NUMBER_IS_NOT_VERIFIED ERR_CANNOT_EDIT_GROUPS ERR_QUEUE_COLOR_ALREADY_EXISTS ERR_QUEUE_INVALID_COLOR ERR_WAPP_GREETING_REQUIRED ERR_DUPLICATED_EMAIL ERR_DIFFERENT_PASSWORDS ERR_RECOVERY_EXPIRED ERR_NO_EMAIL_FOUND ERR_MAX_WHATS_REACHED ERR_MAX_WHATS_EXCEEDED ERR_MAX_USERS_REACHED ERR_CANT_IMPORT_MSGS ERR_NOT_WHATSAPPS_ONLINE ERR_ACCOUNT_DISABLED ERR_TAG_INVALID_NAME ERR_TAG_ALREADY_EXISTS ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS ERR_SUBSCRIPTION_EXPIRED ERR_PLAN_CHANGED_RECENTLY ERR_CEP_NOT_FOUND ERR_LAST_ADMIN ERR_CREATING_COMPANY ERR_INVALID_RECAPTCHA'.split(' ');
    expect(spec.filter((c) => !(c in ERRORS))).toEqual([]);
  });
});
