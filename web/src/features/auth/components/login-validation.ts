import { LoginBody } from '@conversa/shared/schemas/auth';
import { validate } from '../../../lib/validation';

export function validateLogin(values: { email: string; password: string }) {
  return validate(LoginBody, values, ['email', 'password']);
}
