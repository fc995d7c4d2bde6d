import { ForgetPasswordParams, LoginBody, ResetPasswordParams, SignupBody } from '@conversa/shared/schemas/auth';
import { TwoFactorDisableBody, TwoFactorEnableBody, TwoFactorEnrolBody, TwoFactorVerifyBody } from '@conversa/shared/schemas/two-factor';
import { endpoint, groupHandler } from './endpoint';
import { clientAddress } from '../lib/client-address';
import { reply } from '../lib/http';
import { verifyCaller } from '../domain/auth/authenticate';
import { isChallenge, login } from '../domain/auth/login';
import { enrolAtLogin, verifyAtLogin } from '../domain/auth/login-challenge';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../domain/auth/manage-two-factor';
import { logout, refresh } from '../domain/auth/refresh';
import { sessionUser } from '../domain/auth/session-view';
import { signup } from '../domain/auth/signup';
import { requestPasswordReset, resetPassword } from '../domain/auth/password-reset';
import { REFRESH_COOKIE } from '../domain/auth/tokens';

export const handler = groupHandler('auth', {
  'POST /auth/login': endpoint({ body: LoginBody }, async ({ body, ip }) => {
    const s = await login(body.email, body.password, ip);
    if (isChallenge(s)) return s;
    return reply({ body: { token: s.token, user: s.user }, cookies: [s.cookie] });
  }),
  'POST /auth/2fa/enrol': endpoint({ body: TwoFactorEnrolBody }, async ({ body }) => enrolAtLogin(body.challenge)),
  'POST /auth/2fa/verify': endpoint({ body: TwoFactorVerifyBody }, async ({ body }) => {
    const { challenge, ...factor } = body;
    const s = await verifyAtLogin(challenge, factor);
    return reply({ body: { token: s.token, user: s.user, ...('recoveryCodes' in s ? { recoveryCodes: s.recoveryCodes } : {}) }, cookies: [s.cookie] });
  }),
  'POST /auth/2fa/setup': endpoint({}, async ({ auth }) => setupTwoFactor(auth)),
  'POST /auth/2fa/enable': endpoint({ body: TwoFactorEnableBody }, async ({ auth, body }) => enableTwoFactor(auth, body.code)),
  'POST /auth/2fa/disable': endpoint({ body: TwoFactorDisableBody }, async ({ auth, body }) => {
    await disableTwoFactor(auth, body);
    return reply({ status: 204 });
  }),
  'POST /auth/refresh_token': endpoint({}, async ({ cookies }) => {
    const s = await refresh(cookies[REFRESH_COOKIE]);
    return reply({ body: { token: s.token, user: s.user }, cookies: [s.cookie] });
  }),
  'DELETE /auth/logout': endpoint({}, async ({ cookies, event }) => {
    const bearer = await verifyCaller(event.headers?.authorization).catch(() => undefined);
    return reply({ status: 204, cookies: [await logout(cookies[REFRESH_COOKIE], bearer)] });
  }),
  'GET /auth/me': endpoint({}, async ({ auth }) => sessionUser(auth.user, auth.company, auth.plan)),
  'POST /auth/signup': endpoint({ body: SignupBody }, async ({ body }) => reply({ status: 201, body: await signup(body) })),
  'POST /forgetpassword/{email}': endpoint({ params: ForgetPasswordParams }, async ({ params }) => {
    await requestPasswordReset(params.email);
    return { message: 'Solicitação Enviada com sucesso!' };
  }),
  'POST /resetpasswords/{email}/{token}/{newPassword}': endpoint({ params: ResetPasswordParams }, async ({ params }) => {
    await resetPassword(params.email, params.token, params.newPassword);
    return { message: 'Senha redefinida com sucesso.' };
  }),
}, { address: clientAddress });
