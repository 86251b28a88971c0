import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { createChargebeeProvider } from './chargebee';
import { createSandboxProvider } from './sandbox/provider';
import type { BillingProvider } from './types';

export * from './types';

/** Chargebee when CHARGEBEE_SITE is configured, otherwise the embedded sandbox. */
export function createBillingProvider(config: AppConfig, db: Db): BillingProvider {
  return config.chargebee ? createChargebeeProvider(config.chargebee) : createSandboxProvider(db);
}
