// Test files may call domain code directly: point it at the same stand-ins as the stack.
import { inject } from 'vitest';

Object.assign(process.env, inject('stackEnv'));
process.env.LOG_LEVEL = 'silent';
delete process.env.LOGIN_MAX_PER_IP;
