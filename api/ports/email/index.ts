import type { Config } from '../../platform/config';
import { outboxEmail } from './outbox';
import type { EmailHooks, EmailPort } from './port';
import { smtpEmail } from './smtp';

export function createEmailPort(config: Config, hooks: EmailHooks = {}): EmailPort {
  return config.SMTP_URL ? smtpEmail(config.SMTP_URL, config.EMAIL_FROM, hooks) : outboxEmail();
}

export {
  deliverAfterCommit,
  type EmailHooks,
  type EmailMessage,
  type EmailPort,
  type KeyedSendOutcome,
} from './port';
