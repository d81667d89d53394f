import type { CreatedAt } from './columns';

/** migrations/0012_instance_secrets: secrets the installation generated for itself. */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
