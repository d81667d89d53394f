import type { Config } from '../../platform/config';
import { outboxEmail } from './outbox';
import type { EmailPort } from './port';
import { smtpEmail } from './smtp';

export function createEmailPort(config: Config): EmailPort {
  return config.SMTP_URL ? smtpEmail(config.SMTP_URL, config.EMAIL_FROM) : outboxEmail();
}

export { deliverAfterCommit, type EmailMessage, type EmailPort } from './port';
