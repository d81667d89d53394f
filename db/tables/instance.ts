import type { CreatedAt } from './columns';

/** migrations/0012_secrets_and_email_retries: secrets the installation generated for itself. */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
