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

/** Powertools reserves `message` (the line's own text) and drops a key of that name: keep it as `detail`. */
function fields(data: Data | undefined): Data {
  if (!data) return {};
  if (!('message' in data)) return data;
  const { message, ...rest } = data;
  return { ...rest, detail: message };
}

export const log = {
  debug: (msg: string, data?: Data) => powertoolsLogger().debug(msg, fields(data)),
  info: (msg: string, data?: Data) => powertoolsLogger().info(msg, fields(data)),
  warn: (msg: string, data?: Data) => powertoolsLogger().warn(msg, fields(data)),
  error: (msg: string, data?: Data) => powertoolsLogger().error(msg, fields(data)),
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
