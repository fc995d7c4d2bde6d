/**
 * Structured JSON logs through Powertools for AWS Lambda (issue 24): one line each, with the
 * function's request id and cold start (the `logContext()` middleware every handler uses), the
 * company a request or a job is about (`logCompany`), and the X-Ray trace id when traced.
 * `log.info(msg, data)` is the call everything uses; LOG_LEVEL (debug, info, warn, error, silent)
 * sets the level.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { env } from './config';

let logger: Logger | undefined;

/** The one logger, made at the first line (the environment is read then). */
export function powertoolsLogger(): Logger {
  logger ??= new Logger({ serviceName: 'conversa', logLevel: env().LOG_LEVEL.toUpperCase() as 'INFO' });
  return logger;
}

type Data = Record<string, unknown>;

export const log = {
  debug: (msg: string, data?: Data) => powertoolsLogger().debug(msg, data ?? {}),
  info: (msg: string, data?: Data) => powertoolsLogger().info(msg, data ?? {}),
  warn: (msg: string, data?: Data) => powertoolsLogger().warn(msg, data ?? {}),
  error: (msg: string, data?: Data) => powertoolsLogger().error(msg, data ?? {}),
};

/** Every line of this invocation names the company (set when the caller or the job is known). */
export function logCompany(companyId: number): void {
  powertoolsLogger().appendKeys({ companyId });
}

/** The middy middleware of every handler: the Lambda context on each line, keys reset per invocation. */
export function logContext() {
  return injectLambdaContext(powertoolsLogger(), { resetKeys: true });
}

/** Tests change LOG_LEVEL between suites. */
export function resetLogger(): void {
  logger = undefined;
}
